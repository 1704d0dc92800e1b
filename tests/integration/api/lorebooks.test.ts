/**
 * Lorebooks on the real stack (issue 12 items 1-5): create with entries, read, update, delete, entry
 * add/update/delete (never the last, never past 100, also when many arrive at once), the import that
 * reports before it writes, attach/detach to a private chatbot, and a real reply (tiny model) whose
 * prompt carries an entry once its keyword is said. Another member can change none of it; bad input
 * is refused with nothing half-stored.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReplyPrompt } from '#shared/api/generation';
import {
  attachLorebook,
  createLorebook,
  createLorebookEntry,
  getLorebook,
  importLorebook,
  listMyLorebooks,
} from '#shared/api/lorebooks';
import { exportLorebook } from '#shared/cards/lorebook-export';
import type { Lorebook } from '#shared/schemas/lorebook';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, nextEvent, startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  // Every member here signs in from 127.0.0.1: more mails than the default 20 an hour, and more
  // code checks than the default 30 in 10 minutes.
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      SIGN_IN_MAILS_PER_IP_PER_HOUR: '1000',
      SIGN_IN_CODE_CHECKS_PER_IP: '1000',
    }),
  );
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;
const avatarUrl = `/uploads/lorebook-avatars/${randomUUID()}.webp`;

async function member(): Promise<SignedInMember & { id: string }> {
  const email = `lore-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(db(), email);
  const signedIn = await signInMember(stack, smtp, email);
  await users.completeOnboarding(db(), user.id, {
    username: `l${randomUUID().slice(0, 8)}`,
    name: 'Lorekeeper',
  });
  return { ...signedIn, id: user.id };
}

const entryInput = (over: Record<string, unknown> = {}) => ({
  name: 'The Tower',
  keywords: ['tower', 'spire'],
  content: 'The Silver Tower stands on the northern cliff.',
  ...over,
});

const bookInput = (over: Record<string, unknown> = {}) => ({
  name: 'Northern Lore',
  description: 'Places of the north.',
  avatarUrl,
  tags: ['Fantasy', 'Places'],
  guidelines: true,
  entries: [entryInput()],
  ...over,
});

async function created(m: SignedInMember, over: Record<string, unknown> = {}): Promise<Lorebook> {
  const res = await inject({
    method: 'POST',
    url: '/api/lorebooks',
    headers: m.headers,
    payload: bookInput(over),
  });
  expect(res.statusCode, res.body).toBe(200);
  return createLorebook.response.parse(res.json());
}

const countBooks = async (userId: string) =>
  Number(
    (
      await db()
        .selectFrom('lorebooks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/lorebooks', () => {
  it('creates a book with its entries, in the list and readable by anyone with the link', async () => {
    const m = await member();
    const book = await created(m, {
      entries: [entryInput(), entryInput({ name: 'The Sea', keywords: ['sea'] })],
    });
    expect(book).toMatchObject({
      name: 'Northern Lore',
      numEntries: 2,
      isOwner: true,
      scanDepth: 4,
      tokenBudget: 500,
    });
    expect(book.entries.map((e) => [e.name, e.priority, e.insertionOrder, e.enabled])).toEqual([
      ['The Tower', 100, 100, true],
      ['The Sea', 100, 100, true],
    ]);
    const list = listMyLorebooks.response.parse(
      (await inject({ url: '/api/lorebooks', headers: m.headers })).json(),
    );
    expect(list.items.map((b) => b.id)).toEqual([book.id]);

    const other = await member();
    const seen = await inject({ url: `/api/lorebooks/${book.id}`, headers: other.headers });
    expect(getLorebook.response.parse(seen.json())).toMatchObject({
      isOwner: false,
      numEntries: 2,
    });
  });

  it("refuses the spec's rules with their messages and stores nothing", async () => {
    const m = await member();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'ab' }, 'name', 'Name must be at least 3 characters'],
      [{ name: 'x'.repeat(26) }, 'name', 'Name must be 25 characters or less'],
      [
        { description: 'x'.repeat(101) },
        'description',
        'Description must be 100 characters or less',
      ],
      [{ tags: ['One'] }, 'tags', 'At least 2 tags are required'],
      [{ guidelines: false }, 'guidelines', 'You must agree to the community guidelines'],
      [{ entries: [] }, 'entries', 'At least 1 entry is required'],
      [{ avatarUrl: 'https://evil.example/x.png' }, 'avatarUrl', 'Avatar is required'],
      [
        { entries: [entryInput({ name: 'x'.repeat(51) })] },
        'entries.0.name',
        'Name must be 50 characters or less',
      ],
      [
        { entries: [entryInput({ content: 'x'.repeat(1001) })] },
        'entries.0.content',
        'Content must be 1000 characters or less',
      ],
      [
        { entries: [entryInput({ keywords: Array.from({ length: 13 }, (_, i) => `k${i}`) })] },
        'entries.0.keywords',
        'At most 12 keywords',
      ],
      [
        { entries: [entryInput({ keywords: [] })] },
        'entries.0.keywords',
        'At least 1 keyword is required',
      ],
      [
        { entries: [entryInput({ keywords: ['x'.repeat(101)] })] },
        'entries.0.keywords.0',
        'Keywords must be 100 characters or less',
      ],
      [
        { entries: Array.from({ length: 101 }, () => entryInput()) },
        'entries',
        'At most 100 entries',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/lorebooks',
        headers: m.headers,
        payload: bookInput(over),
      });
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field, message });
    }
    expect(await countBooks(m.id)).toBe(0);
  });

  it('refuses NUL bytes, wrong types and malformed ids with a 4xx', async () => {
    const m = await member();
    const bad = [
      bookInput({ name: 'Nul\u0000Book' }),
      bookInput({ entries: [entryInput({ content: 'Lore with \u0000 inside.' })] }),
      bookInput({ tags: 'Fantasy,Places' }),
      bookInput({ entries: [entryInput({ keywords: 'tower' })] }),
      bookInput({ scanDepth: 'deep' }),
      bookInput({ tokenBudget: 10 }),
    ];
    for (const payload of bad) {
      const res = await inject({
        method: 'POST',
        url: '/api/lorebooks',
        headers: m.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await countBooks(m.id)).toBe(0);
    for (const url of ['/api/lorebooks/not-a-uuid', '/api/lorebooks/1/entries/2']) {
      const res = await inject({ url, headers: m.headers });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const missing = await inject({ url: `/api/lorebooks/${randomUUID()}`, headers: m.headers });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing.json()).code).toBe('lorebook_not_found');
  });

  it('asks guests to sign in to create', async () => {
    const res = await inject({ method: 'POST', url: '/api/lorebooks', payload: bookInput() });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing a lorebook', () => {
  it('updates the book and its entries, and deletes entries while more than one exists', async () => {
    const m = await member();
    const book = await created(m);
    const upd = await inject({
      method: 'PUT',
      url: `/api/lorebooks/${book.id}`,
      headers: m.headers,
      payload: { ...bookInput({ name: 'Renamed Lore', scanDepth: 2, tokenBudget: 100 }) },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(getLorebook.response.parse(upd.json())).toMatchObject({
      name: 'Renamed Lore',
      scanDepth: 2,
      tokenBudget: 100,
    });

    const added = await inject({
      method: 'POST',
      url: `/api/lorebooks/${book.id}/entries`,
      headers: m.headers,
      payload: entryInput({ name: 'The Sea', keywords: ['sea'], priority: 5, insertionOrder: 1 }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const entry = createLorebookEntry.response.parse(added.json());
    expect(entry).toMatchObject({ name: 'The Sea', priority: 5, insertionOrder: 1 });

    const edited = await inject({
      method: 'PUT',
      url: `/api/lorebooks/${book.id}/entries/${entry.id}`,
      headers: m.headers,
      payload: entryInput({ name: 'The Grey Sea', keywords: ['sea', 'ocean'], enabled: false }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'The Grey Sea', enabled: false });

    const first = book.entries[0];
    if (!first) throw new Error('no entry');
    const del = await inject({
      method: 'DELETE',
      url: `/api/lorebooks/${book.id}/entries/${first.id}`,
      headers: m.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    const last = await inject({
      method: 'DELETE',
      url: `/api/lorebooks/${book.id}/entries/${entry.id}`,
      headers: m.headers,
    });
    expect(last.statusCode).toBe(409);
    expect(errorOf(last.json()).code).toBe('lorebook_last_entry');

    const removed = await inject({
      method: 'DELETE',
      url: `/api/lorebooks/${book.id}`,
      headers: m.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await inject({ url: `/api/lorebooks/${book.id}`, headers: m.headers })).statusCode,
    ).toBe(404);
  });

  it("refuses another member's changes with lorebook_not_owner and leaves the book as it was", async () => {
    const owner = await member();
    const other = await member();
    const book = await created(owner);
    const entryId = book.entries[0]?.id ?? '';
    const attempts: InjectOptions[] = [
      { method: 'PUT', url: `/api/lorebooks/${book.id}`, payload: bookInput({ name: 'Stolen' }) },
      { method: 'DELETE', url: `/api/lorebooks/${book.id}` },
      { method: 'POST', url: `/api/lorebooks/${book.id}/entries`, payload: entryInput() },
      {
        method: 'PUT',
        url: `/api/lorebooks/${book.id}/entries/${entryId}`,
        payload: entryInput({ content: 'Changed.' }),
      },
      { method: 'DELETE', url: `/api/lorebooks/${book.id}/entries/${entryId}` },
    ];
    for (const attempt of attempts) {
      const res = await inject({ ...attempt, headers: other.headers });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res.json()).code).toBe('lorebook_not_owner');
    }
    const after = getLorebook.response.parse(
      (await inject({ url: `/api/lorebooks/${book.id}`, headers: owner.headers })).json(),
    );
    expect(after.name).toBe(book.name);
    expect(after.entries).toEqual(book.entries);
  });

  it('holds 100 entries and at least one when many adds and deletes arrive at once', async () => {
    const m = await member();
    const book = await created(m, { entries: Array.from({ length: 95 }, () => entryInput()) });
    const adds = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject({
          method: 'POST',
          url: `/api/lorebooks/${book.id}/entries`,
          headers: m.headers,
          payload: entryInput(),
        }),
      ),
    );
    expect(adds.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of adds.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(r.json()).code).toBe('lorebook_entry_limit');
    }
    const full = getLorebook.response.parse(
      (await inject({ url: `/api/lorebooks/${book.id}`, headers: m.headers })).json(),
    );
    expect(full.numEntries).toBe(100);

    const small = await created(m, { entries: [entryInput(), entryInput(), entryInput()] });
    const dels = await Promise.all(
      small.entries.map((e) =>
        inject({
          method: 'DELETE',
          url: `/api/lorebooks/${small.id}/entries/${e.id}`,
          headers: m.headers,
        }),
      ),
    );
    expect(dels.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const left = getLorebook.response.parse(
      (await inject({ url: `/api/lorebooks/${small.id}`, headers: m.headers })).json(),
    );
    expect(left.numEntries).toBe(1);
  });
});

const fixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../../shared/fixtures/lorebooks', name),
      'utf8',
    ),
  );

describe('POST /api/lorebooks/import', () => {
  it('reports the SillyTavern entry over 1000 characters and offers skip or split, writing nothing', async () => {
    const m = await member();
    const res = await inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: m.headers,
      payload: { data: fixture('Eldoria.json'), fileName: 'Eldoria.json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = importLorebook.response.parse(res.json());
    expect(report).toMatchObject({ format: 'sillytavern', name: 'Eldoria', total: 4 });
    expect(report.problems).toEqual([
      expect.objectContaining({
        path: 'entries[0].content',
        message: '1551 characters, maximum is 1000',
        fix: 'split',
      }),
    ]);
    expect(report.skip.entries.map((e) => e.name)).toEqual(['shadowfang', 'glade', 'power']);
    expect(report.split.entries).toHaveLength(5);
    expect(await countBooks(m.id)).toBe(0);

    // The chosen entries then save through the create, whole.
    const book = await created(m, { name: report.name, entries: report.split.entries });
    expect(book.numEntries).toBe(5);
  });

  it('reads our own export back whole: name, description, tags, settings and entries', async () => {
    const m = await member();
    const book = await created(m, {
      scanDepth: 7,
      tokenBudget: 900,
      entries: [
        entryInput(),
        entryInput({ name: 'The Sea', keywords: ['sea'], priority: 40, insertionOrder: -3 }),
        entryInput({ name: 'The Crypt', keywords: ['crypt'], enabled: false }),
      ],
    });
    const res = await inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: m.headers,
      payload: { ...exportLorebook(book), fileName: 'export.json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = importLorebook.response.parse(res.json());
    expect(report).toMatchObject({
      name: book.name,
      description: book.description,
      tags: book.tags,
      scanDepth: 7,
      tokenBudget: 900,
      total: 3,
      problems: [],
    });
    // Each entry back as it was (the book's entries also carry their ids and times).
    expect(report.skip.entries).toHaveLength(3);
    expect(book.entries).toMatchObject(report.skip.entries);
  });

  it('answers many imports at once alike, and writes nothing', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(
      members.map((m) =>
        inject({
          method: 'POST',
          url: '/api/lorebooks/import',
          headers: m.headers,
          payload: { data: fixture('Eldoria.json'), fileName: 'Eldoria.json' },
        }),
      ),
    );
    const reports = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return importLorebook.response.parse(r.json());
    });
    for (const report of reports) expect(report).toEqual(reports[0]);
    for (const m of members) expect(await countBooks(m.id)).toBe(0);
  });

  it('names what is wrong with a file that is not a lorebook', async () => {
    const m = await member();
    const cases: [unknown, string][] = [
      [{ hello: 'world' }, 'entries'],
      [{ spec: 'chara_card_v2', data: { name: 'A', first_mes: 'Hi' } }, 'data.character_book'],
      [[1, 2, 3], 'file'],
      [{ entries: { '0': { key: [], content: 'Never fires.' } } }, 'entries'],
    ];
    for (const [data, field] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/lorebooks/import',
        headers: m.headers,
        payload: { data },
      });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res.json())).toMatchObject({ code: 'lorebook_import_invalid', field });
    }
  });

  it('names the first reason of a valid file whose every entry fails, and lists them all', async () => {
    const m = await member();
    const res = await inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: m.headers,
      payload: {
        data: {
          entries: [
            { keys: [], content: 'No keys here.' },
            { keys: ['a'], content: 'x' },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res.json());
    expect(error.message).toBe(
      'Valid JSON, but no entry fits: entries[0].keywords: entry has no keywords (and 1 more).',
    );
    expect(error.details?.problems).toHaveLength(2);
  });

  it('imports a constant entry without keywords and keeps it', async () => {
    const m = await member();
    const res = await inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: m.headers,
      payload: { data: { entries: { '0': { key: [], constant: true, content: 'Always.' } } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = importLorebook.response.parse(res.json());
    expect(report.problems).toEqual([]);
    expect(report.skip.entries[0]).toMatchObject({ keywords: [], constant: true });
    const book = await created(m, { entries: report.skip.entries });
    expect(book.entries[0]).toMatchObject({ keywords: [], constant: true, content: 'Always.' });
  });

  it('lists every entry past the 100-entry limit by name before anything is written', async () => {
    const m = await member();
    const entries = Array.from({ length: 105 }, (_, i) => ({
      keys: [`k${String(i)}`],
      content: `Lore number ${String(i)}.`,
      comment: `Entry number ${String(i)}`,
    }));
    const res = await inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: m.headers,
      payload: { data: { entries } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = importLorebook.response.parse(res.json());
    expect(report.skip.entries).toHaveLength(100);
    expect(report.skip.overLimit.map((o) => o.entryName)).toEqual([
      'Entry number 100',
      'Entry number 101',
      'Entry number 102',
      'Entry number 103',
      'Entry number 104',
    ]);
    expect(await countBooks(m.id)).toBe(0);
  });
});

/** An object nested `depth` deep. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

/** An entry with every setting away from its default. */
const settingsEntry = (over: Record<string, unknown> = {}) =>
  entryInput({
    name: 'The Keep',
    keywords: ['keep'],
    content: 'LORE-KEEP: the keep has no doors.',
    constant: true,
    secondaryKeywords: ['night'],
    selectiveLogic: 'not_all',
    caseSensitive: true,
    matchWholeWords: false,
    probability: 70,
    placement: 'at_depth',
    depth: 3,
    excludeRecursion: true,
    preventRecursion: true,
    delayUntilRecursion: true,
    extensions: { 'other/tool': { kept: true } },
    ...over,
  });

describe('lorebook entry settings', () => {
  it('keeps every setting through create, read, update, export and import', async () => {
    const m = await member();
    const book = await created(m, { recursiveScanning: true, entries: [settingsEntry()] });
    expect(book.recursiveScanning).toBe(true);
    expect(book.entries[0]).toMatchObject(settingsEntry());
    const entryId = book.entries[0]?.id ?? '';
    const updated = await inject({
      method: 'PUT',
      url: `/api/lorebooks/${book.id}/entries/${entryId}`,
      headers: m.headers,
      payload: settingsEntry({
        placement: 'after_char',
        selectiveLogic: 'and_all',
        probability: 5,
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const read = getLorebook.response.parse(
      (await inject({ url: `/api/lorebooks/${book.id}`, headers: m.headers })).json(),
    );
    expect(read.entries[0]).toMatchObject({
      placement: 'after_char',
      selectiveLogic: 'and_all',
      probability: 5,
      constant: true,
    });
    const res = await inject({
      method: 'POST',
      url: '/api/lorebooks/import',
      headers: m.headers,
      payload: { ...exportLorebook(read), fileName: 'export.json' },
    });
    const report = importLorebook.response.parse(res.json());
    expect(report.recursiveScanning).toBe(true);
    expect(read.entries[0]).toMatchObject({
      ...report.skip.entries[0],
      extensions: { 'other/tool': { kept: true } },
    });
  });

  it('refuses bad settings with a 4xx naming the field, and stores nothing', async () => {
    const m = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ probability: 101 }, 'entries'],
      [{ probability: 'often' }, 'entries'],
      [{ placement: 'middle' }, 'entries'],
      [{ selectiveLogic: 'xor' }, 'entries'],
      [{ depth: -1 }, 'entries'],
      [{ secondaryKeywords: 'night' }, 'entries'],
      [{ extensions: [] }, 'entries'],
      [{ extensions: { big: 'x'.repeat(17 * 1024) } }, 'entries'],
      [{ extensions: { nul: 'a\u0000b' } }, 'entries'],
      [{ extensions: nested(40) }, 'entries'],
      [{ constant: false, keywords: [] }, 'entries'],
      [{ constant: 'yes' }, 'entries'],
    ];
    for (const [over, field] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/lorebooks',
        headers: m.headers,
        payload: bookInput({ entries: [entryInput(over)] }),
      });
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(errorOf(res.json()).field?.split('.')[0]).toBe(field);
    }
    const recursive = await inject({
      method: 'POST',
      url: '/api/lorebooks',
      headers: m.headers,
      payload: bookInput({ recursiveScanning: 'on' }),
    });
    expect(recursive.statusCode).toBe(400);
    expect(await countBooks(m.id)).toBe(0);
  });

  it("leaves another member's entry settings as they were", async () => {
    const owner = await member();
    const other = await member();
    const book = await created(owner, { entries: [settingsEntry()] });
    const entryId = book.entries[0]?.id ?? '';
    const res = await inject({
      method: 'PUT',
      url: `/api/lorebooks/${book.id}/entries/${entryId}`,
      headers: other.headers,
      payload: settingsEntry({ constant: false, probability: 0 }),
    });
    expect(res.statusCode).toBe(403);
    const after = getLorebook.response.parse(
      (await inject({ url: `/api/lorebooks/${book.id}`, headers: owner.headers })).json(),
    );
    expect(after.entries).toEqual(book.entries);
  });

  it('keeps each member its own settings when many save at once', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const books = await Promise.all(
      members.map((m, i) =>
        created(m, {
          recursiveScanning: i % 2 === 0,
          entries: [settingsEntry({ probability: i * 10, depth: i })],
        }),
      ),
    );
    books.forEach((book, i) => {
      expect(book.recursiveScanning).toBe(i % 2 === 0);
      expect(book.entries[0]).toMatchObject({ probability: i * 10, depth: i });
    });
  });
});

async function privateBot(m: { id: string }): Promise<string> {
  const id = await createCharacter(db(), { name: 'Lorebot', creatorUserId: m.id });
  await db()
    .updateTable('characters')
    .set({ visibility: 'private' })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('attaching lorebooks', () => {
  it('attaches to a private chatbot once, detaches, and refuses public bots and strangers', async () => {
    const m = await member();
    const book = await created(m);
    const botId = await privateBot(m);
    const url = `/api/characters/${botId}/lorebooks/${book.id}`;
    const [a, b] = await Promise.all([
      inject({ method: 'PUT', url, headers: m.headers }),
      inject({ method: 'PUT', url, headers: m.headers }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(attachLorebook.response.parse(a.json()).items.map((i) => i.id)).toEqual([book.id]);
    const listed = await inject({ url: `/api/characters/${botId}/lorebooks`, headers: m.headers });
    expect(listed.json()).toEqual({ items: [{ id: book.id, name: book.name, numEntries: 1 }] });

    const other = await member();
    const theirs = await created(other);
    const stranger = await inject({
      method: 'PUT',
      url: `/api/characters/${botId}/lorebooks/${theirs.id}`,
      headers: other.headers,
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(403);
    expect(stranger.statusCode).toBeLessThan(405);
    const foreignBook = await inject({
      method: 'PUT',
      url: `/api/characters/${botId}/lorebooks/${theirs.id}`,
      headers: m.headers,
    });
    expect(errorOf(foreignBook.json()).code).toBe('lorebook_not_owner');

    const publicBot = await createCharacter(db(), { creatorUserId: m.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'public' })
      .where('id', '=', publicBot)
      .execute();
    const pub = await inject({
      method: 'PUT',
      url: `/api/characters/${publicBot}/lorebooks/${book.id}`,
      headers: m.headers,
    });
    expect(pub.statusCode).toBe(409);
    expect(errorOf(pub.json()).code).toBe('lorebook_attach_private');

    const detached = await inject({ method: 'DELETE', url, headers: m.headers });
    expect(detached.json()).toEqual({ items: [] });
  });

  it("shows and changes a chatbot's lorebooks to its creator only", async () => {
    const m = await member();
    const book = await created(m);
    const botId = await privateBot(m);
    const url = `/api/characters/${botId}/lorebooks/${book.id}`;
    expect((await inject({ method: 'PUT', url, headers: m.headers })).statusCode).toBe(200);

    const other = await member();
    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/api/characters/${botId}/lorebooks` },
      { method: 'DELETE', url },
      { method: 'PUT', url },
    ];
    for (const attempt of attempts) {
      const res = await inject({ ...attempt, headers: other.headers });
      expect(res.statusCode, `${String(attempt.method)} ${res.body}`).toBeGreaterThanOrEqual(403);
      expect(res.statusCode).toBeLessThan(405);
    }
    const listed = await inject({ url: `/api/characters/${botId}/lorebooks`, headers: m.headers });
    expect(listed.json()).toEqual({ items: [{ id: book.id, name: book.name, numEntries: 1 }] });
  });

  it('attaches at most five books to a chatbot when many attaches arrive at once', async () => {
    const m = await member();
    const botId = await privateBot(m);
    const many = await Promise.all(Array.from({ length: 8 }, () => created(m)));
    const answers = await Promise.all(
      many.map((book) =>
        inject({
          method: 'PUT',
          url: `/api/characters/${botId}/lorebooks/${book.id}`,
          headers: m.headers,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of answers.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(r.json())).toMatchObject({ code: 'lorebook_attach_limit' });
    }
    const listed = await inject({ url: `/api/characters/${botId}/lorebooks`, headers: m.headers });
    expect(attachLorebook.response.parse(listed.json()).items).toHaveLength(5);
  });

  it('puts a matched entry in the prompt of a real reply, and leaves an unmatched one out', async () => {
    const m = await member();
    const book = await created(m, {
      entries: [
        entryInput({ content: 'LORE-TOWER: the tower is made of moonstone.' }),
        entryInput({ name: 'The Sea', keywords: ['sea'], content: 'LORE-SEA: the sea is grey.' }),
        entryInput({
          name: 'Always',
          keywords: [],
          constant: true,
          content: 'LORE-ALWAYS: it always rains.',
          placement: 'at_depth',
          depth: 0,
        }),
        entryInput({
          name: 'Dunes',
          keywords: ['tower'],
          secondaryKeywords: ['desert'],
          content: 'LORE-DUNES: sand covers the tower.',
        }),
      ],
    });
    const botId = await privateBot(m);
    const attach = await inject({
      method: 'PUT',
      url: `/api/characters/${botId}/lorebooks/${book.id}`,
      headers: m.headers,
    });
    expect(attach.statusCode, attach.body).toBe(200);

    const socket = await connectMember(stack.url, m.session.accessToken);
    const ack = await socket.emitWithAck('message:send', {
      characterId: botId,
      conversationId: null,
      content: 'Tell me about the Tower.',
    });
    if (!ack.ok) throw new Error(ack.error.code);
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === ack.data.replyId);
    socket.close();

    const res = await inject({
      url: `/api/messages/${ack.data.replyId}/prompt`,
      headers: m.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { messages } = getReplyPrompt.response.parse(res.json());
    const system = messages[0]?.content ?? '';
    expect(system).toContain('LORE-TOWER: the tower is made of moonstone.');
    expect(system).not.toContain('LORE-SEA');
    // The secondary keyword is not said, so the entry waits.
    expect(system).not.toContain('LORE-DUNES');
    // A constant entry at depth 0 goes in after the message being answered.
    expect(messages.at(-1)).toMatchObject({
      role: 'system',
      content: 'LORE-ALWAYS: it always rains.',
    });
  });
});
