/**
 * Personas on the real stack (issue 11, 6 and 14): create within the tier's limit (also when many
 * arrive at once), default first, Make Default, Delete (never the default; its chats move to the
 * default), the choice's setting, the avatar upload, a conversation's persona and the user's name in
 * a new chat's greeting; another member can reach none of it.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConversation } from '#shared/api/conversations';
import { createPersona, getPersona, listPersonas, uploadPersonaAvatar } from '#shared/api/personas';
import type { Role } from '#shared/schemas/user';
import type { Persona } from '#shared/schemas/persona';
import * as messagesRepo from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { replyOwnerOf } from '#server/db/repositories/generation-settings.repo';
import { promptUserOf } from '#workers/generation/prompt/prompt-user';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, startStack, type ClientSocket, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;
const avatarUrl = `/uploads/persona-avatars/${randomUUID()}.webp`;

/** A signed-in member of `role` whose display name is `name`. */
async function member(
  role: Role = 'free_tier',
  name: string | null = 'Tester',
): Promise<SignedInMember & { id: string }> {
  const email = `persona-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(db(), email);
  await users.setRole(db(), user.id, role);
  const signedIn = await signInMember(stack, smtp, email);
  if (name !== null) {
    await users.completeOnboarding(db(), user.id, {
      username: `p${randomUUID().slice(0, 8)}`,
      name,
    });
  }
  return { ...signedIn, id: user.id };
}

function create(m: SignedInMember, name: string, isDefault = false) {
  return inject({
    method: 'POST',
    url: '/api/personas',
    headers: m.headers,
    payload: { avatarUrl, name, highlights: `${name} likes tea.`, isDefault },
  });
}

async function created(m: SignedInMember, name: string, isDefault = false): Promise<Persona> {
  const res = await create(m, name, isDefault);
  expect(res.statusCode, res.body).toBe(200);
  return createPersona.response.parse(res.json());
}

async function listOf(m: SignedInMember) {
  const res = await inject({ url: '/api/personas', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return listPersonas.response.parse(res.json());
}

/** The user side of a stored conversation's prompt, as the worker reads it. */
async function promptOf(m: { id: string }, conversationId: string) {
  return promptUserOf(await replyOwnerOf(db(), { userId: m.id, conversationId, personaId: null }));
}

/** A conversation of `m` with a new bot, chatted as `personaId`. */
async function conversationOf(m: { id: string }, personaId: string | null): Promise<string> {
  const conversationId = randomUUID();
  await messagesRepo.startConversation(db(), {
    conversationId,
    userId: m.id,
    characterId: await createCharacter(db()),
    userPersonaId: personaId,
    greeting: null,
    message: { id: randomUUID(), content: 'hi' },
  });
  return conversationId;
}

async function personaOfConversation(m: SignedInMember, id: string): Promise<string | null> {
  const res = await inject({ url: `/api/conversations/${id}`, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return getConversation.response.parse(res.json()).userPersonaId;
}

describe('personas', () => {
  it('makes the first persona the default, lists the default first, and moves the default', async () => {
    const m = await member();
    const first = await created(m, 'Alice');
    expect(first.isDefault).toBe(true);
    const second = await created(m, 'Bob');
    expect(second.isDefault).toBe(false);
    const third = await created(m, 'Cleo', true);
    expect(third.isDefault).toBe(true);
    let list = await listOf(m);
    expect(list.items.map((p) => [p.name, p.isDefault])).toEqual([
      ['Cleo', true],
      ['Alice', false],
      ['Bob', false],
    ]);
    expect(list).toMatchObject({ limit: 3, isChoiceShown: true });

    const made = await inject({
      method: 'POST',
      url: `/api/personas/${second.id}/default`,
      headers: m.headers,
    });
    expect(made.statusCode, made.body).toBe(200);
    list = await listOf(m);
    expect(list.items.map((p) => p.name)).toEqual(['Bob', 'Alice', 'Cleo']);
    expect(list.items.filter((p) => p.isDefault)).toHaveLength(1);
  });

  it('updates a persona, trimming what is typed', async () => {
    const m = await member();
    const p = await created(m, 'Alice');
    const res = await inject({
      method: 'PUT',
      url: `/api/personas/${p.id}`,
      headers: m.headers,
      payload: { avatarUrl, name: '  Alicia  ', highlights: ' Loves rain. ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = getPersona.response.parse(
      (await inject({ url: `/api/personas/${p.id}`, headers: m.headers })).json(),
    );
    expect(read).toMatchObject({ name: 'Alicia', highlights: 'Loves rain.', isDefault: true });
  });

  it("refuses input against the spec's rules with its messages, storing nothing", async () => {
    const m = await member();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', "Name can't be empty"],
      [{ name: 'Al' }, 'name', 'Name should at least have a length of 3'],
      [{ name: 'x'.repeat(21) }, 'name', 'Name should be 20 characters or less'],
      [{ highlights: '' }, 'highlights', "Highlights can't be empty"],
      [{ highlights: 'ab' }, 'highlights', 'Highlights should at least have a length of 3'],
      [
        { highlights: 'x'.repeat(1001) },
        'highlights',
        'Highlights should be 1000 characters or less',
      ],
      [{ avatarUrl: '' }, 'avatarUrl', 'Avatar is required'],
      [{ avatarUrl: 'https://evil.example/pixel.gif' }, 'avatarUrl', 'Avatar is required'],
      [{ name: 'Nul\u0000name' }, 'name', ''],
      [{ name: 42 }, 'name', ''],
    ];
    for (const [change, field, message] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/personas',
        headers: m.headers,
        payload: { avatarUrl, name: 'Valid', highlights: 'Fine text', isDefault: false, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const error = errorOf(res.json());
      expect(error).toMatchObject({ code: 'validation_failed', field });
      if (message !== '') expect(error.message).toBe(message);
    }
    expect((await listOf(m)).items).toEqual([]);
  });

  it('stops at the tier limit with persona_limit, and a higher tier allows more', async () => {
    const free = await member('free_tier');
    for (const name of ['One', 'Two', 'Three']) await created(free, name);
    const refused = await create(free, 'Four');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json())).toMatchObject({
      code: 'persona_limit',
      details: { limit: 3, role: 'free_tier' },
    });

    const minimal = await member('paid_minimal');
    expect((await listOf(minimal)).limit).toBe(10);
    for (let i = 0; i < 4; i++) await created(minimal, `Name ${i}`);
    expect((await listOf(minimal)).items).toHaveLength(4);
  });

  it('keeps exactly the limit and one default when 12 creates arrive at once', async () => {
    const m = await member('free_tier');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(m, `Many ${i}`, i % 2 === 0)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const list = await listOf(m);
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((p) => p.isDefault)).toHaveLength(1);
    expect(list.items[0]?.isDefault).toBe(true);
  });

  it('never deletes the default, and moves a deleted persona’s chats to the default', async () => {
    const m = await member();
    const main = await created(m, 'Main');
    const alt = await created(m, 'Alt');
    const refused = await inject({
      method: 'DELETE',
      url: `/api/personas/${main.id}`,
      headers: m.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json()).code).toBe('persona_default_delete');

    const chat = await conversationOf(m, alt.id);
    const res = await inject({
      method: 'DELETE',
      url: `/api/personas/${alt.id}`,
      headers: m.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(m)).items.map((p) => p.name)).toEqual(['Main']);
    expect(await personaOfConversation(m, chat)).toBe(main.id);
    const again = await inject({
      method: 'DELETE',
      url: `/api/personas/${alt.id}`,
      headers: m.headers,
    });
    expect(errorOf(again.json()).code).toBe('persona_not_found');
  });

  it('remembers "Don\'t show this again" and its undoing', async () => {
    const m = await member();
    for (const isChoiceShown of [false, true, false]) {
      const res = await inject({
        method: 'PUT',
        url: '/api/personas/choice',
        headers: m.headers,
        payload: { isChoiceShown },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await listOf(m)).isChoiceShown).toBe(isChoiceShown);
    }
  });

  it('stores an uploaded avatar as a 256 px WebP the persona can use', async () => {
    const m = await member();
    const png = await sharp({
      create: { width: 300, height: 500, channels: 3, background: '#08c' },
    })
      .png()
      .toBuffer();
    const boundary = `----test${randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await inject({
      method: 'POST',
      url: '/api/uploads/persona-avatar',
      headers: { ...m.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = uploadPersonaAvatar.response.parse(res.json()).avatarUrl;
    expect(url).toMatch(/^\/uploads\/persona-avatars\/[\w-]+\.webp$/);
    const meta = await sharp((await inject({ url })).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const persona = await inject({
      method: 'POST',
      url: '/api/personas',
      headers: m.headers,
      payload: { avatarUrl: url, name: 'Pictured', highlights: 'Has a face.', isDefault: false },
    });
    expect(persona.statusCode, persona.body).toBe(200);
  });
});

describe("another member's personas", () => {
  it('cannot be read, changed, made default, deleted or used in a chat', async () => {
    const owner = await member();
    const attacker = await member();
    const main = await created(owner, 'Owner');
    const alt = await created(owner, 'Second');
    const ownChat = await conversationOf(owner, main.id);
    const attackerChat = await conversationOf(attacker, null);

    const attempts: InjectOptions[] = [
      { url: `/api/personas/${alt.id}` },
      {
        method: 'PUT',
        url: `/api/personas/${alt.id}`,
        payload: { avatarUrl, name: 'Hacked', highlights: 'Hacked text' },
      },
      { method: 'POST', url: `/api/personas/${alt.id}/default` },
      { method: 'DELETE', url: `/api/personas/${alt.id}` },
      {
        method: 'PUT',
        url: `/api/conversations/${attackerChat}/persona`,
        payload: { personaId: alt.id },
      },
    ];
    for (const attempt of attempts) {
      const res = await inject({ ...attempt, headers: attacker.headers });
      expect(res.statusCode, JSON.stringify(attempt)).toBe(404);
      expect(errorOf(res.json()).code).toBe('persona_not_found');
    }
    const foreignChat = await inject({
      method: 'PUT',
      url: `/api/conversations/${ownChat}/persona`,
      headers: attacker.headers,
      payload: { personaId: alt.id },
    });
    expect(errorOf(foreignChat.json()).code).toBe('conversation_not_found');
    expect((await listOf(attacker)).items).toEqual([]);
    const list = await listOf(owner);
    expect(list.items.map((p) => [p.name, p.isDefault])).toEqual([
      ['Owner', true],
      ['Second', false],
    ]);
    expect(await personaOfConversation(owner, ownChat)).toBe(main.id);

    const guest = await inject({ url: '/api/personas', headers: { 'x-guest-id': newGuestId() } });
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
  });
});

describe('the persona of a conversation', () => {
  it('switches to another of the member’s personas', async () => {
    const m = await member();
    const main = await created(m, 'Main');
    const alt = await created(m, 'Alt');
    const chat = await conversationOf(m, main.id);
    const res = await inject({
      method: 'PUT',
      url: `/api/conversations/${chat}/persona`,
      headers: m.headers,
      payload: { personaId: alt.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await personaOfConversation(m, chat)).toBe(alt.id);
    expect(await promptOf(m, chat)).toEqual({
      userName: 'Alt',
      persona: { highlights: 'Alt likes tea.' },
    });
  });

  it('starts a chat as the chosen persona, else the default, else the display name', async () => {
    const m = await member('free_tier', 'Dana');
    const socket = await connectMember(stack.url, m.session.accessToken);
    sockets.push(socket);
    const send = async (personaId?: string) => {
      const characterId = await createCharacter(db());
      const ack = await socket.emitWithAck('message:send', {
        characterId,
        conversationId: null,
        content: 'hello',
        ...(personaId === undefined ? {} : { personaId }),
      });
      if (!ack.ok) return ack.error;
      const greeting = (await messagesRepo.branchEndingAt(db(), ack.data.message.id, 5))[0];
      return {
        userPersonaId: await personaOfConversation(m, ack.data.conversationId),
        greeting: greeting?.content,
        prompt: await promptOf(m, ack.data.conversationId),
      };
    };

    expect(await send()).toMatchObject({
      userPersonaId: null,
      greeting: 'Hello Dana, I am Testy.',
      prompt: { userName: 'Dana', persona: null },
    });
    const main = await created(m, 'Mara');
    const alt = await created(m, 'Nico');
    expect(await send()).toMatchObject({
      userPersonaId: main.id,
      greeting: 'Hello Mara, I am Testy.',
    });
    expect(await send(alt.id)).toMatchObject({
      userPersonaId: alt.id,
      greeting: 'Hello Nico, I am Testy.',
      prompt: { userName: 'Nico', persona: { highlights: 'Nico likes tea.' } },
    });

    const other = await member();
    const foreign = await created(other, 'Foreign');
    expect(await send(foreign.id)).toMatchObject({ code: 'persona_not_found' });
  });

  it('calls a member without a display name or persona "User"', async () => {
    const m = await member('free_tier', null);
    expect(await promptOf(m, await conversationOf(m, null))).toEqual({
      userName: 'User',
      persona: null,
    });
  });
});
