/**
 * What an imported card brings to a chat (issue 27 items 1-2), on the real stack with the tiny model:
 * the chat starts on the greeting the member chose with the card's other greetings as its
 * alternatives, which only the chat's owner reads or changes, and the reply's prompt carries the card's
 * system prompt and post-history instructions, and the entries of its embedded book (issue 27 item 3).
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGreetings } from '#shared/api/characters';
import { CardImportPreviewSchema } from '#shared/api/character-cards';
import { listMessages } from '#shared/api/conversations';
import { getReplyPrompt } from '#shared/api/generation';
import { listAlternatives } from '#shared/api/messages';
import { textChunk } from '#shared/cards/png';
import { base64Json, cardData, cardFixtureJson, jsonBytes, pngWith } from '../../support/cards';
import { testConfig } from '../../support/config';
import { errorOf, multipart } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, nextEvent, startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let owner: SignedInMember;
let stranger: SignedInMember;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, LLM_CONTEXT_SIZE: '1024' }));
  [owner, stranger] = await Promise.all([signInMember(stack, smtp), signInMember(stack, smtp)]);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

const greetings = {
  first_mes: 'Welcome aboard, {{user}}. I am {{char}}.',
  alternate_greetings: [
    'The storm hit, {{user}}. Hold on!',
    '  ',
    'Quiet night at the lighthouse.',
  ],
};

/** A card book with a constant entry (always in the prompt) and one its keyword never fires. */
const characterBook = {
  name: 'Lighthouse lore',
  entries: [
    {
      keys: [],
      content: 'The lighthouse lamp burns green on stormy nights.',
      constant: true,
      enabled: true,
      insertion_order: 1,
      extensions: {},
    },
    {
      keys: ['zeppelin'],
      content: 'The harbour master keeps a zeppelin.',
      enabled: true,
      insertion_order: 2,
      extensions: {},
    },
  ],
};

/**
 * A chatbot the owner imports from a V2 card with alternate greetings and prompts; as a PNG card
 * carrying a book when `withBook`.
 */
async function importChatbot(withBook = false): Promise<{ id: string; name: string }> {
  const v2 = cardFixtureJson('minimal_v2.json');
  const name = `Keeper ${randomUUID().slice(0, 6)}`;
  const card = {
    ...v2,
    data: {
      ...cardData(v2),
      name,
      ...greetings,
      system_prompt: 'Card rules for {{char}}. {{original}}',
      post_history_instructions: 'Stay brief, {{char}}.',
      ...(withBook ? { character_book: characterBook } : {}),
    },
  };
  const body = withBook
    ? multipart('card', 'card.png', pngWith([textChunk('chara', base64Json(card))]))
    : multipart('card', 'card.json', jsonBytes(card));
  const preview = await inject({
    method: 'POST',
    url: '/api/characters/import/preview',
    payload: body.payload,
    headers: { ...owner.headers, ...body.headers },
  });
  const draft = CardImportPreviewSchema.parse(preview.json());
  const created = await inject({
    method: 'POST',
    url: '/api/characters',
    headers: owner.headers,
    payload: {
      ...draft.character,
      title: 'Imported from a card',
      avatarUrl: null,
      avatarIsNsfw: false,
      visibility: 'private',
      language: 'en',
      guidelines: true,
      cardExtras: draft.extras,
    },
  });
  expect(created.statusCode).toBe(200);
  return { id: created.json<{ id: string }>().id, name };
}

async function send(payload: Record<string, unknown>) {
  const socket = await connectMember(stack.url, owner.session.accessToken);
  try {
    const ack = await socket.emitWithAck('message:send', {
      conversationId: null,
      content: 'Hello there.',
      ...payload,
    });
    if (ack.ok) {
      const { replyId } = ack.data;
      await nextEvent(socket, 'generation:completed', (p) => p.message.id === replyId);
    }
    return ack;
  } finally {
    socket.close();
  }
}

const alternativesUrl = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/messages/${messageId}/alternatives`;

describe('a chat with a chatbot imported from a card', () => {
  it('lists the greetings a new chat opens with, its own first, blank ones skipped', async () => {
    const bot = await importChatbot();
    const res = await inject({
      url: `/api/characters/${bot.id}/greetings`,
      headers: owner.headers,
    });
    expect(getGreetings.response.parse(res.json()).greetings).toEqual([
      greetings.first_mes,
      greetings.alternate_greetings[0],
      greetings.alternate_greetings[2],
    ]);
  });

  it('starts on the chosen greeting with the others as its alternatives, and the prompt carries the card', async () => {
    const bot = await importChatbot();
    const ack = await send({ characterId: bot.id, greetingIndex: 1 });
    if (!ack.ok) throw new Error(ack.error.code);
    const { conversationId, replyId } = ack.data;

    const page = listMessages.response.parse(
      (
        await inject({
          url: `/api/conversations/${conversationId}/messages`,
          headers: owner.headers,
        })
      ).json(),
    );
    const [first, mine] = page.items;
    expect(first?.role).toBe('bot');
    expect(first?.content).toBe('The storm hit, User. Hold on!');
    expect(mine?.prevId).toBe(first?.id);
    expect(page.items).toHaveLength(3);

    const alternatives = listAlternatives.response.parse(
      (
        await inject({
          url: alternativesUrl(conversationId, first?.id ?? ''),
          headers: owner.headers,
        })
      ).json(),
    ).alternatives;
    expect(alternatives.map((m) => m.content)).toEqual([
      `Welcome aboard, User. I am ${bot.name}.`,
      'The storm hit, User. Hold on!',
      'Quiet night at the lighthouse.',
    ]);
    expect(alternatives.map((m) => m.id === first?.id)).toEqual([false, true, false]);

    const prompt = getReplyPrompt.response.parse(
      (await inject({ url: `/api/messages/${replyId}/prompt`, headers: owner.headers })).json(),
    );
    expect(prompt.messages[0]?.content).toMatch(
      new RegExp(`^Card rules for ${bot.name}\\. You are ${bot.name}\\.`),
    );
    expect(prompt.messages[1]).toEqual({
      role: 'assistant',
      content: 'The storm hit, User. Hold on!',
    });
    expect(prompt.messages.at(-1)).toEqual({ role: 'system', content: `Stay brief, ${bot.name}.` });
    expect(prompt.report.sectionTokens.cardPrompts).toBeGreaterThan(0);
  });

  it("reads the card's embedded book: its constant entry is in the prompt, a keyword entry only when named", async () => {
    const bot = await importChatbot(true);
    const ack = await send({ characterId: bot.id });
    if (!ack.ok) throw new Error(ack.error.code);
    const prompt = getReplyPrompt.response.parse(
      (
        await inject({ url: `/api/messages/${ack.data.replyId}/prompt`, headers: owner.headers })
      ).json(),
    );
    const text = prompt.messages.map((m) => m.content).join('\n');
    expect(text).toContain('The lighthouse lamp burns green on stormy nights.');
    expect(text).not.toContain('zeppelin');
    // Before the character definition: the system message holds the entry, then the card's prompt.
    expect(prompt.messages[0]?.content).toMatch(
      new RegExp(
        `^The lighthouse lamp burns green on stormy nights\\.\\s+Card rules for ${bot.name}\\.`,
      ),
    );

    const named = await send({
      characterId: bot.id,
      conversationId: ack.data.conversationId,
      content: 'Tell me about the zeppelin.',
    });
    if (!named.ok) throw new Error(named.error.code);
    const next = getReplyPrompt.response.parse(
      (
        await inject({ url: `/api/messages/${named.data.replyId}/prompt`, headers: owner.headers })
      ).json(),
    );
    expect(next.messages.map((m) => m.content).join('\n')).toContain(
      'The harbour master keeps a zeppelin.',
    );
  });

  it("keeps the greeting's alternatives from another member, who can neither read nor change them", async () => {
    const bot = await importChatbot();
    const ack = await send({ characterId: bot.id });
    if (!ack.ok) throw new Error(ack.error.code);
    const { conversationId } = ack.data;
    const page = listMessages.response.parse(
      (
        await inject({
          url: `/api/conversations/${conversationId}/messages`,
          headers: owner.headers,
        })
      ).json(),
    );
    const greetingId = page.items[0]?.id ?? '';
    const alternatives = listAlternatives.response.parse(
      (
        await inject({ url: alternativesUrl(conversationId, greetingId), headers: owner.headers })
      ).json(),
    ).alternatives;
    expect(alternatives).toHaveLength(3);
    const other = alternatives[2]?.id ?? '';
    const messageUrl = `/api/conversations/${conversationId}/messages/${other}`;

    const peeks = await Promise.all([
      inject({ url: alternativesUrl(conversationId, greetingId), headers: stranger.headers }),
      inject({ method: 'POST', url: `${messageUrl}/adopt`, headers: stranger.headers }),
      inject({
        method: 'PATCH',
        url: messageUrl,
        headers: stranger.headers,
        payload: { content: 'Changed by someone else.' },
      }),
      inject({ method: 'DELETE', url: messageUrl, headers: stranger.headers }),
      inject({ url: `/api/characters/${bot.id}/greetings`, headers: stranger.headers }),
    ]);
    for (const res of peeks) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('lighthouse');
    }
    const after = listAlternatives.response.parse(
      (
        await inject({ url: alternativesUrl(conversationId, greetingId), headers: owner.headers })
      ).json(),
    ).alternatives;
    expect(after).toEqual(alternatives);
  });

  it('refuses a greeting it does not have, a greeting for a chat already started, and malformed ids', async () => {
    const bot = await importChatbot();
    for (const greetingIndex of [3, 50, -1, 1.5, 'one']) {
      const ack = await send({ characterId: bot.id, greetingIndex });
      expect(ack.ok).toBe(false);
      if (!ack.ok) expect(ack.error.code).toBe('validation_failed');
    }
    const rows = await stack.app.deps.db
      .selectFrom('conversations')
      .select('id')
      .where('character_id', '=', bot.id)
      .execute();
    expect(rows).toHaveLength(0);

    const started = await send({ characterId: bot.id });
    if (!started.ok) throw new Error(started.error.code);
    const again = await send({
      characterId: bot.id,
      conversationId: started.data.conversationId,
      greetingIndex: 0,
    });
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.code).toBe('validation_failed');
      expect(again.error.field).toBe('greetingIndex');
    }

    const badId = await inject({
      url: '/api/characters/not-an-id/greetings',
      headers: owner.headers,
    });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId.json()).code).toBe('validation_failed');
    const badMessage = await inject({
      url: alternativesUrl(started.data.conversationId, 'not-an-id'),
      headers: owner.headers,
    });
    expect(badMessage.statusCode).toBe(400);
    expect(errorOf(badMessage.json()).code).toBe('validation_failed');
  });
});
