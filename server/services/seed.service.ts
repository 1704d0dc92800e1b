/** Seeds the library with the original characters of db/seed-characters.ts (npm run seed). */
import { estimateCharacterTokens } from '#shared/rules/token-estimate';
import type { Db } from '../db/database';
import * as characters from '../db/repositories/characters.repo';
import * as users from '../db/repositories/users.repo';
import { seedCharacters } from '../db/seed-characters';

/** The account the seeded characters belong to; its username is reserved for the product. */
export const systemCreator = { username: 'charchat', name: 'CharChat' } as const;

export async function seedLibrary(db: Db): Promise<number> {
  const creatorUserId = await users.upsertSystemCreator(
    db,
    systemCreator.username,
    systemCreator.name,
  );
  for (const c of seedCharacters) {
    await characters.upsertBySlug(db, {
      slug: c.slug,
      name: c.name,
      title: c.title,
      persona: c.persona,
      scenario: c.scenario,
      greeting: c.greeting,
      dialogue: c.dialogue,
      avatarUrl: `/avatars/${c.slug}.svg`,
      language: c.language,
      tokenCount: estimateCharacterTokens(c),
      tags: c.tags,
      creatorUserId,
    });
  }
  return seedCharacters.length;
}

/** Seeds only an empty library (the start command). */
export async function seedIfEmpty(db: Db): Promise<number> {
  return (await characters.countAll(db)) === 0 ? seedLibrary(db) : 0;
}
