/**
 * Rows → the records repositories answer and the shared types the API sends; the only place rows are
 * read. Row types never leave server/db (docs/style.md, "Naming").
 */
import {
  cardArtPath,
  type CharacterFields,
  type CharacterSummary,
  type Character,
} from '#shared/schemas/character';
import type { GroupFields } from '#shared/schemas/group';
import type { Message } from '#shared/schemas/message';
import type { Persona } from '#shared/schemas/persona';
import type { OwnCharacter, OwnCharacterSummary } from '#shared/schemas/own-character';
import {
  MessageRatingLevelSchema,
  MessageRatingReasonSchema,
  type MessageRating,
} from '#shared/rules/message-feedback';
import { offersManualReview } from '#shared/rules/moderation';
import { StoredRoleSchema, type Role } from '#shared/schemas/user';
import type {
  CharacterRow,
  ConversationRow,
  MessageRow,
  PersonaRow,
  SessionRow,
  UserRow,
} from './tables';

/** A guest or member as the server works with them. */
export interface UserRecord {
  id: string;
  kind: 'guest' | 'member';
  username: string | null;
  name: string | null;
  email: string | null;
  /** The stored role; an unknown value reads as free_tier. */
  role: Role;
  createdAt: Date;
  avatarUrl: string | null;
  highlights: string | null;
  /** Sealed with the auth secret (lib/secret-box.ts); never sent back whole. */
  openaiApiKeyEncrypted: string | null;
  openaiMode: 'disabled' | 'enabled' | 'hybrid';
  showNsfw: boolean;
  blurNsfw: boolean;
  chatLanguage: string;
  ageVerifiedAt: Date | null;
  lastSeenAt: Date;
}

export function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    kind: row.kind,
    username: row.username,
    name: row.name,
    email: row.email,
    role: StoredRoleSchema.parse(row.role),
    createdAt: row.created_at,
    avatarUrl: row.avatar_url,
    highlights: row.highlights,
    openaiApiKeyEncrypted: row.openai_api_key_encrypted,
    openaiMode: row.openai_mode,
    showNsfw: row.show_nsfw,
    blurNsfw: row.blur_nsfw,
    chatLanguage: row.chat_language,
    ageVerifiedAt: row.age_verified_at,
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * A character with its whole definition and tags; who may see what is characters.service's rule. The
 * definition is CharacterFields and the counters are the profile's (shared/schemas); only what never
 * leaves the server as such is added here.
 */
export type CharacterRecord = CharacterFields &
  Pick<
    Character,
    | 'id'
    | 'type'
    | 'definitionVisible'
    | 'creatorUsername'
    | 'numMessages'
    | 'ratingScore'
    | 'numRatings'
  > &
  Pick<OwnCharacter, 'moderationStatus'> &
  Pick<GroupFields, 'greetingCharacterId'> & {
    /** Whether the original image of the card it came from is kept (characters.card_art_url). */
    hasCardArt: boolean;
    creatorUserId: string | null;
    createdAt: Date;
    updatedAt: Date;
  };

/** The fields a creator or the seed writes of a character's definition; inputs extend this, never restate it. */
export type CharacterDefinition = Pick<
  CharacterRecord,
  | 'name'
  | 'title'
  | 'persona'
  | 'scenario'
  | 'greeting'
  | 'dialogue'
  | 'avatarUrl'
  | 'language'
  | 'tokenCount'
>;

export function toCharacterRecord(
  row: CharacterRow & { tags: string[]; creator_username: string | null },
): CharacterRecord {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    persona: row.persona,
    scenario: row.scenario,
    greeting: row.greeting,
    dialogue: row.dialogue,
    avatarUrl: row.avatar_url,
    avatarIsNsfw: row.avatar_is_nsfw,
    isNsfw: row.is_nsfw,
    visibility: row.visibility,
    definitionVisible: row.definition_visible,
    creatorUserId: row.creator_user_id,
    creatorUsername: row.creator_username,
    language: row.language,
    tokenCount: row.token_count,
    numMessages: Number(row.num_messages),
    ratingScore: row.rating_score,
    numRatings: row.num_ratings,
    tags: row.tags,
    moderationStatus: row.moderation_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    type: row.type,
    greetingCharacterId: row.greeting_character_id,
    hasCardArt: row.card_art_url !== null,
  };
}

export function toCharacterSummary(character: CharacterRecord): CharacterSummary {
  return {
    id: character.id,
    type: character.type,
    name: character.name,
    title: character.title,
    avatarUrl: character.avatarUrl,
    tags: character.tags,
    numMessages: character.numMessages,
    isNsfw: character.isNsfw,
    creatorUsername: character.creatorUsername,
  };
}

/** The chatbot profile; the definition is shown to everyone only when `definitionVisible`. */
export function toCharacter(
  character: CharacterRecord,
  viewer: Pick<
    Character,
    'isCreator' | 'isFavorite' | 'myRating' | 'translation' | 'translatableTo'
  >,
): Character {
  const showDefinition = character.definitionVisible || viewer.isCreator;
  return {
    ...toCharacterSummary(character),
    greeting: character.greeting,
    persona: showDefinition ? character.persona : null,
    scenario: showDefinition ? character.scenario : null,
    dialogue: showDefinition ? character.dialogue : null,
    visibility: character.visibility,
    definitionVisible: character.definitionVisible,
    tokenCount: character.tokenCount,
    language: character.language,
    createdAt: character.createdAt.toISOString(),
    updatedAt: character.updatedAt.toISOString(),
    ratingScore: character.ratingScore,
    numRatings: character.numRatings,
    isInManualReview: character.moderationStatus === 'manual_review_required',
    cardArtUrl: character.hasCardArt ? cardArtPath(character.id) : null,
    ...viewer,
  };
}

/** A character row with its tags and creator, as the creator's own views read it. */
export type OwnCharacterRow = CharacterRow & { tags: string[]; creator_username: string | null };

/** A row of My Chatbots: the card plus visibility and the moderation record. */
export function toOwnCharacterSummary(row: OwnCharacterRow): OwnCharacterSummary {
  const moderation = {
    moderationStatus: row.moderation_status,
    moderationAction: row.moderation_action,
  };
  return {
    ...toCharacterSummary(toCharacterRecord(row)),
    visibility: row.visibility,
    ...moderation,
    moderationReasons: row.moderation_reasons,
    submitForManualReview: offersManualReview(moderation),
    ratingScore: row.rating_score,
    tokenCount: row.token_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The editor's view of a character: its whole definition and moderation record. */
export function toOwnCharacter(row: OwnCharacterRow): OwnCharacter {
  const character = toCharacterRecord(row);
  return {
    ...toCharacter(character, {
      isCreator: true,
      isFavorite: false,
      myRating: null,
      translation: null,
      translatableTo: null,
    }),
    ...toOwnCharacterSummary(row),
    persona: character.persona,
    scenario: character.scenario,
    dialogue: character.dialogue,
    avatarIsNsfw: character.avatarIsNsfw,
  };
}

/** A conversation as the server works with it (ownership, head of the current branch). */
export interface ConversationRecord {
  id: string;
  userId: string;
  characterId: string;
  label: string | null;
  lastMessageId: string | null;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
  userPersonaId: string | null;
}

export function toConversation(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    userId: row.user_id,
    characterId: row.character_id,
    label: row.label,
    lastMessageId: row.last_message_id,
    messageCount: row.message_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userPersonaId: row.user_persona_id,
  };
}

/** A stored rating (the column's check allows only the levels; reasons were parsed when given). */
function toMessageRating(row: MessageRow): MessageRating | null {
  const level = MessageRatingLevelSchema.safeParse(row.rating);
  if (!level.success) return null;
  const reasons = row.rating_reasons.flatMap((r) => {
    const reason = MessageRatingReasonSchema.safeParse(r);
    return reason.success ? [reason.data] : [];
  });
  return { level: level.data, reasons };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    prevId: row.prev_id,
    role: row.role,
    content: row.content,
    isStopped: row.is_stopped,
    rating: toMessageRating(row),
    subCharacterId: row.sub_character_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** One refresh token of a session family (the token itself is kept only as a hash). */
export interface SessionRecord {
  id: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    familyId: row.family_id,
    userId: row.user_id,
    expiresAt: row.expires_at,
    rotatedAt: row.rotated_at,
    revokedAt: row.revoked_at,
  };
}

export function toPersona(row: PersonaRow): Persona {
  return {
    id: row.id,
    name: row.name,
    highlights: row.highlights,
    avatarUrl: row.avatar_url,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
  };
}
