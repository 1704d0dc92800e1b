/** Test data with unique values, so test files run in parallel without sharing rows. */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';
import * as characters from '#server/db/repositories/characters.repo';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as messages from '#server/db/repositories/messages.repo';

export async function createCharacter(
  db: Db,
  overrides: Partial<characters.CharacterInput> = {},
): Promise<string> {
  const slug = `test-${randomUUID()}`;
  return characters.upsertBySlug(db, {
    slug,
    name: 'Testy',
    title: 'A character made by a test',
    persona: 'Testy is a cheerful tester who answers briefly.',
    scenario: '{{user}} meets Testy in a quiet lab.',
    greeting: 'Hello {{user}}, I am {{char}}.',
    dialogue: '<START>\n{{user}}: Hi\n{{char}}: Hello!',
    avatarUrl: null,
    language: 'en',
    tokenCount: 40,
    tags: ['Test'],
    creatorUserId: null,
    ...overrides,
  });
}

export function newGuestId(): string {
  return randomUUID();
}

/**
 * A conversation of `userId` with `count` messages on one branch, alternating user and bot, a second
 * apart and oldest first; message `i` reads `Message <i>`. Answers the conversation and message ids.
 */
export async function createLongConversation(
  db: Db,
  input: { userId: string; characterId: string; count: number },
): Promise<{ conversationId: string; messageIds: string[] }> {
  const start = Date.now() - input.count * 1000;
  const ids = Array.from({ length: input.count }, () => randomUUID());
  return db.transaction().execute(async (trx) => {
    const conversation = await conversations.createTitled(trx, {
      userId: input.userId,
      characterId: input.characterId,
      label: null,
    });
    await messages.insertMany(
      trx,
      ids.map((id, i) => ({
        id,
        conversation_id: conversation.id,
        prev_id: ids[i - 1] ?? null,
        role: i % 2 === 0 ? ('user' as const) : ('bot' as const),
        content: `Message ${String(i)}`,
        created_at: new Date(start + i * 1000),
      })),
    );
    await conversations.setHead(trx, {
      id: conversation.id,
      lastMessageId: ids.at(-1) ?? null,
      messageCount: input.count,
    });
    return { conversationId: conversation.id, messageIds: ids };
  });
}
