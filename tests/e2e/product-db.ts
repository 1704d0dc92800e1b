/** The product's database as global setup made it, for what no screen can set up yet (chatbots, groups). */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl } from './global-setup';
import { uniqueSuffix } from './onboarding-steps';

/** Runs one statement in the product's database; answers its rows. */
export async function sql<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Opens a seeded chatbot's page by its slug: the home page's first cards may be other journeys'
 * chatbots, which journeys running together add and talk to.
 */
export async function openSeededChatbot(page: Page, slug: string): Promise<void> {
  const [row] = await sql<{ id: string }>('select id from characters where slug = $1', [slug]);
  await page.goto(`/chatbot/${row?.id ?? 'missing'}`);
}

/** A member who exists only to create chatbots; answers their username and id. */
export async function newCreator(): Promise<{ id: string; username: string }> {
  const username = `c_${uniqueSuffix()}`;
  const [row] = await sql<{ id: string }>(
    "insert into users (kind, username, name) values ('member', $1, 'Creator') returning id",
    [username],
  );
  if (!row) throw new Error('no creator');
  return { id: row.id, username };
}

/**
 * A public chatbot of `creatorId`, talked to so much that it opens the home page's first page (the
 * newest first, so tests running together each find theirs there).
 */
export async function newBot(
  creatorId: string,
  options: { name: string; isNsfw?: boolean },
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into characters (slug, name, title, greeting, persona, creator_user_id, visibility,
       definition_visible, is_nsfw, num_messages)
     values ($1, $2, 'A bot made by an e2e test', 'Hello!', 'Brief.', $3, 'public', true, $4,
       $5) returning id`,
    [
      `e2e-${uniqueSuffix()}`,
      options.name,
      creatorId,
      options.isNsfw ?? false,
      // The newest bot ranks first, so the test that just made it finds it on the first page.
      Date.now() * 10 + Math.floor(Math.random() * 10),
    ],
  );
  if (!row) throw new Error('no bot');
  return row.id;
}

/** An unlisted group (link only) of three new public chatbots, the second greeting; answers its id and members. */
export async function newUnlistedGroup(): Promise<{ id: string; name: string; members: string[] }> {
  const suffix = uniqueSuffix();
  const members = ['Ada', 'Bram', 'Cleo'].map((n) => `${n} ${suffix}`);
  const ids: string[] = [];
  for (const name of members) {
    const [row] = await sql<{ id: string }>(
      `insert into characters (slug, name, title, greeting, persona, visibility, definition_visible)
       values ($1, $2, 'A member of an e2e group', 'Hello!', 'Brief.', 'public', true) returning id`,
      [`e2e-${uniqueSuffix()}`, name],
    );
    if (!row) throw new Error('no member');
    ids.push(row.id);
  }
  const name = `Trio ${suffix}`;
  const [group] = await sql<{ id: string }>(
    `insert into characters (slug, name, title, greeting, persona, visibility, definition_visible,
       type, greeting_character_id)
     values ($1, $2, 'Three friends at a tavern', 'Welcome to the tavern, friend.', '', 'hidden',
       false, 'meta', $3) returning id`,
    [`e2e-${uniqueSuffix()}`, name, ids[1]],
  );
  if (!group) throw new Error('no group');
  for (const [position, memberId] of ids.entries()) {
    await sql('insert into group_members (group_id, member_id, position) values ($1, $2, $3)', [
      group.id,
      memberId,
      position,
    ]);
  }
  return { id: group.id, name, members };
}
