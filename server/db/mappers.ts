/** Row → shared type mappers; the only place rows become API shapes. */
import type { CharacterSummary, Character } from '#shared/schemas/character';
import type { Message } from '#shared/schemas/message';
import type { CharacterRow, MessageRow } from './tables';

export type CharacterWithTags = CharacterRow & { tags: string[] };

export function toCharacterSummary(row: CharacterWithTags): CharacterSummary {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    avatarUrl: row.avatar_url,
    tags: row.tags,
    numMessages: Number(row.num_messages),
    isNsfw: row.is_nsfw,
    creatorUsername: null,
  };
}

/** The chatbot profile; the definition is shown to everyone only when `definition_visible`. */
export function toCharacter(row: CharacterWithTags, isCreator: boolean): Character {
  const showDefinition = row.definition_visible || isCreator;
  return {
    ...toCharacterSummary(row),
    greeting: row.greeting,
    persona: showDefinition ? row.persona : null,
    scenario: showDefinition ? row.scenario : null,
    dialogue: showDefinition ? row.dialogue : null,
    visibility: row.visibility,
    definitionVisible: row.definition_visible,
    tokenCount: row.token_count,
    language: row.language,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    prevId: row.prev_id,
    role: row.role,
    content: row.content,
    isStopped: row.is_stopped,
    createdAt: row.created_at.toISOString(),
  };
}
