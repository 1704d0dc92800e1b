/** Test data with unique values, so test files run in parallel without sharing rows. */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';
import * as characters from '#server/db/repositories/characters.repo';

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

export { createLongConversation } from '#server/lib/dev/long-conversation';
