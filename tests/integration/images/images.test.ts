/**
 * Images in the conversation through an AUTOMATIC1111-compatible server (issue 26 item 2), a local
 * peer speaking its wire format (tests/support/image-peer.ts): a basic member generates a bot
 * message's image from its prompt with the conversation's settings, follows its progress over the
 * socket, loads it, edits the prompt and generates again, and rates it; anyone else gets the upgrade
 * path or nothing, by every door; a provider that hangs, errors or sends garbage fails that one image
 * with its reason while others are drawn; bad input is refused whole; and 20 images at once each end
 * once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPngSize } from '#shared/media/png';
import { MessageImageSchema, safeNegativePrompt, type MessageImage } from '#shared/rules/images';
import { uploadGraceMs } from '#shared/jobs/maintenance';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { createCharacter, newGuestId } from '../../support/factories';
import { errorCode, errorOf } from '../../support/http';
import { startImagePeer, type ImagePeer } from '../../support/image-peer';
import { imagePath, waitForImage } from '../../support/images';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, nextEvent, startStack, type Stack } from '../../support/stack';
import { createBotMessage, type BotMessageRef } from '../../../testkit/bot-message';
import { sweepUploads } from '../../../workers/maintenance/sweep-uploads.processor';

let peer: ImagePeer;
let stack: Stack;
let smtp: LocalSmtp;
let basic: SignedInMember;
let premium: SignedInMember;
let otherBasic: SignedInMember;
let free: SignedInMember;
let characterId: string;

const size = 128;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'charchat-images-'));
const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

async function memberWithRole(role: string): Promise<SignedInMember> {
  const member = await signInMember(stack, smtp);
  await users.setRole(stack.app.deps.db, member.session.user.id, role);
  return member;
}

const botMessage = (member: SignedInMember, text: string, character = characterId) =>
  createBotMessage(stack.app.deps.db, {
    userId: member.session.user.id,
    characterId: character,
    text,
  });

const generate = (member: SignedInMember, ref: BotMessageRef, payload: object = {}) =>
  inject({ method: 'POST', url: imagePath(ref), headers: member.headers, payload });

const imageRow = (ref: BotMessageRef) =>
  stack.app.deps.db
    .selectFrom('message_images')
    .selectAll()
    .where('message_id', '=', ref.messageId)
    .executeTakeFirst();

beforeAll(async () => {
  peer = await startImagePeer({ drawMs: 50, slowMs: 1500 });
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      WORKER_QUEUES: 'images',
      IMAGE_PROVIDER: 'a1111',
      IMAGE_BASE_URL: peer.a1111Url,
      IMAGE_SIZE: String(size),
      // Above the SLOW drawings' 1.5 s, so only HANG runs out of time.
      IMAGE_TIMEOUT_MS: '4000',
      IMAGE_CONCURRENCY: '4',
      // Its own folder: the sweep below must not see other files' uploads.
      UPLOAD_DIR: uploadDir,
    }),
  );
  characterId = await createCharacter(stack.app.deps.db);
  basic = await memberWithRole('paid_basic');
  premium = await memberWithRole('paid_premium');
  otherBasic = await memberWithRole('paid_basic');
  free = await signInMember(stack, smtp);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
  await peer.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('POST /api/conversations/:id/messages/:messageId/image', () => {
  it('draws the image of a bot message with its progress told over the socket, then serves the PNG', async () => {
    const ref = await botMessage(basic, 'Testy waves from a SLOW lighthouse at dusk.');
    const socket = await connectMember(stack.url, basic.session.accessToken);
    try {
      const joined = await socket.emitWithAck('conversation:join', {
        conversationId: ref.conversationId,
      });
      expect(joined.ok).toBe(true);
      const res = await generate(basic, ref);
      expect(res.statusCode).toBe(200);
      const queued = MessageImageSchema.parse(res.json());
      expect(queued).toMatchObject({
        status: 'queued',
        progress: 0,
        url: null,
        prompt: 'Testy waves from a SLOW lighthouse at dusk.',
        width: size,
        height: size,
      });
      const mine = (p: { image: MessageImage }) => p.image.generationId === queued.generationId;
      const drawing = await nextEvent(
        socket,
        'image:updated',
        (p) => mine(p) && p.image.status === 'generating' && p.image.progress > 0,
      );
      expect(drawing.image.progress).toBeLessThan(100);
      const done = await nextEvent(
        socket,
        'image:updated',
        (p) => mine(p) && p.image.status === 'done',
      );
      expect(done.image.progress).toBe(100);
      expect(done.image.url).toMatch(/\/image\/file\?g=/);
      expect(peer.progressAsked()).toBeGreaterThan(0);

      const file = await inject({
        method: 'GET',
        url: done.image.url ?? '',
        headers: basic.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(readPngSize(file.rawPayload)).toEqual({ width: size, height: size });
    } finally {
      socket.disconnect();
    }
  });

  it("sends the provider the style, the member's prompt, the suffix, the LoRA and the negative prompt", async () => {
    const ref = await botMessage(basic, 'A plain reply.');
    const settings = await inject({
      method: 'PUT',
      url: `/api/conversations/${ref.conversationId}/image-settings`,
      headers: basic.headers,
      payload: {
        style: 'semi-realistic',
        nsfwMode: false,
        legacyMode: false,
        loraScale: 0.4,
        promptSuffix: 'golden hour',
        negativePrompt: 'extra fingers',
      },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ isConfigured: true, isNsfwAllowed: false });
    const res = await generate(basic, ref, { prompt: 'a red fox in the snow' });
    expect(res.statusCode).toBe(200);
    expect((await waitForImage(inject, ref, basic.headers)).status).toBe('done');
    const sent = peer.requests.find((r) => r.prompt.includes('a red fox in the snow'));
    expect(sent?.prompt).toBe(
      'semi-realistic, detailed painting, soft lighting, a red fox in the snow, golden hour <lora:semi-realistic-style:0.4>',
    );
    expect(sent?.negativePrompt).toContain('extra fingers');
    expect(sent?.negativePrompt).toContain(safeNegativePrompt);
  });

  it('generates again from an edited prompt: a new image replaces the old one and its file', async () => {
    const ref = await botMessage(basic, 'First words.');
    expect((await generate(basic, ref, { prompt: 'a castle' })).statusCode).toBe(200);
    const first = await waitForImage(inject, ref, basic.headers);
    expect(first.status).toBe('done');
    const firstFile = (await imageRow(ref))?.url ?? '';
    const rated = await inject({
      method: 'PUT',
      url: `${imagePath(ref)}-rating`,
      headers: basic.headers,
      payload: { level: 'Great', reasons: ['Relevant', 'Surprising'] },
    });
    expect(rated.json()).toMatchObject({
      rating: { level: 'Great', reasons: ['Relevant', 'Surprising'] },
    });

    const again = await generate(basic, ref, { prompt: 'a castle under the moon' });
    expect(again.statusCode).toBe(200);
    const second = await waitForImage(inject, ref, basic.headers);
    expect(second).toMatchObject({
      status: 'done',
      prompt: 'a castle under the moon',
      rating: null,
    });
    expect(second.generationId).not.toBe(first.generationId);
    expect(await stack.app.deps.storage.get(firstFile)).toBeNull();
    // Without a prompt, the last one is used again.
    expect((await generate(basic, ref)).json()).toMatchObject({
      prompt: 'a castle under the moon',
    });
    expect((await waitForImage(inject, ref, basic.headers)).status).toBe('done');
  });

  it("deletes an image's file a week after its conversation is deleted, never one a message still shows", async () => {
    const kept = await botMessage(basic, 'A harbour at noon.');
    const gone = await botMessage(basic, 'A harbour at night.');
    for (const ref of [kept, gone]) {
      expect((await generate(basic, ref)).statusCode).toBe(200);
      expect((await waitForImage(inject, ref, basic.headers)).status).toBe('done');
    }
    const keptFile = (await imageRow(kept))?.url ?? '';
    const goneFile = (await imageRow(gone))?.url ?? '';
    const removed = await inject({
      method: 'DELETE',
      url: `/api/conversations/${gone.conversationId}`,
      headers: basic.headers,
    });
    expect(removed.statusCode).toBe(200);
    const { db, storage } = stack.app.deps;
    const log = stack.app.fastify.log;
    // Within the grace nothing goes; after it, only the file no message shows.
    expect(await sweepUploads({ db, storage, log })).not.toContain(goneFile);
    const later = new Date(Date.now() + uploadGraceMs + 60_000);
    const deleted = await sweepUploads({ db, storage, log, now: later });
    expect(deleted).toContain(goneFile);
    expect(deleted).not.toContain(keptFile);
    expect(await storage.get(goneFile)).toBeNull();
    expect(await storage.get(keptFile)).not.toBeNull();
  });

  it('refuses a second Generate while the first is drawn', async () => {
    const ref = await botMessage(basic, 'A SLOW scene.');
    expect((await generate(basic, ref)).statusCode).toBe(200);
    const second = await generate(basic, ref, { prompt: 'something else' });
    expect(second.statusCode).toBe(409);
    expect(errorCode(second.json())).toBe('image_in_progress');
    expect((await waitForImage(inject, ref, basic.headers)).prompt).toBe('A SLOW scene.');
  });
});

describe('provider failures', () => {
  it('fails only the image whose provider hangs, errors or sends garbage, with the reason; others are drawn', async () => {
    const cases = [
      { words: 'HANG forever', reason: /did not answer in time/ },
      { words: 'BROKEN engine', reason: /answered 500/ },
      { words: 'GARBAGE out', reason: /not a PNG/ },
      {
        words: 'WRONGSIZE picture',
        reason: new RegExp(`64×64 image, not ${String(size)}×${String(size)}`),
      },
    ];
    const refs = await Promise.all(cases.map((c) => botMessage(basic, c.words)));
    const fine = await botMessage(basic, 'A fine picture drawn meanwhile.');
    for (const ref of [...refs, fine]) expect((await generate(basic, ref)).statusCode).toBe(200);
    expect((await waitForImage(inject, fine, basic.headers)).status).toBe('done');
    for (const [i, c] of cases.entries()) {
      const ref = refs[i];
      if (ref === undefined) throw new Error('no ref');
      const image = await waitForImage(inject, ref, basic.headers);
      expect(image.status, c.words).toBe('failed');
      expect(image.error).toMatch(c.reason);
      expect(image.url).toBeNull();
      const file = await inject({
        method: 'GET',
        url: `${imagePath(ref)}/file`,
        headers: basic.headers,
      });
      expect(errorCode(file.json())).toBe('image_not_found');
    }
  });

  it('retries a failed image when asked again', async () => {
    const ref = await botMessage(basic, 'A FLAKY sunrise.');
    expect((await generate(basic, ref)).statusCode).toBe(200);
    expect((await waitForImage(inject, ref, basic.headers)).status).toBe('failed');
    expect((await generate(basic, ref)).statusCode).toBe(200);
    expect((await waitForImage(inject, ref, basic.headers)).status).toBe('done');
  });
});

describe('image settings', () => {
  it('keeps the V2 styles for premium and NSFW for a member who shows it with an NSFW chatbot', async () => {
    const ref = await botMessage(basic, 'Settings.');
    const url = `/api/conversations/${ref.conversationId}/image-settings`;
    const base = {
      style: 'anime',
      nsfwMode: false,
      legacyMode: true,
      loraScale: 0.5,
      promptSuffix: '',
      negativePrompt: '',
    };
    const v2 = await inject({
      method: 'PUT',
      url,
      headers: basic.headers,
      payload: { ...base, style: 'anime-v2' },
    });
    expect(errorOf(v2.json())).toMatchObject({ code: 'image_style_forbidden', field: 'style' });
    const nsfw = await inject({
      method: 'PUT',
      url,
      headers: basic.headers,
      payload: { ...base, nsfwMode: true },
    });
    expect(errorOf(nsfw.json())).toMatchObject({ code: 'image_nsfw_forbidden', field: 'nsfwMode' });
    const saved = await inject({ method: 'GET', url, headers: basic.headers });
    expect(saved.json()).toMatchObject({ settings: { style: 'anime', legacyMode: false } });

    const nsfwCharacter = await createCharacter(stack.app.deps.db);
    await stack.app.deps.db
      .updateTable('characters')
      .set({ is_nsfw: true })
      .where('id', '=', nsfwCharacter)
      .execute();
    await users.updateProfile(stack.app.deps.db, premium.session.user.id, { showNsfw: true });
    const own = await botMessage(premium, 'An NSFW chatbot speaks.', nsfwCharacter);
    const ownUrl = `/api/conversations/${own.conversationId}/image-settings`;
    const ok = await inject({
      method: 'PUT',
      url: ownUrl,
      headers: premium.headers,
      payload: { ...base, style: 'anime-v2', nsfwMode: true },
    });
    expect(ok.json()).toMatchObject({
      settings: { style: 'anime-v2', nsfwMode: true, legacyMode: true },
      isNsfwAllowed: true,
    });
    expect((await generate(premium, own, { prompt: 'a moonlit bath house' })).statusCode).toBe(200);
    expect((await waitForImage(inject, own, premium.headers)).status).toBe('done');
    const sent = peer.requests.find((r) => r.prompt.includes('a moonlit bath house'));
    // Legacy mode: no LoRA; NSFW allowed: the NSFW words are not refused.
    expect(sent?.prompt).not.toContain('<lora:');
    expect(sent?.negativePrompt).not.toContain(safeNegativePrompt);
  });
});

describe('who may have images', () => {
  it('gives free members and guests the upgrade path by every door, never the image', async () => {
    const ref = await botMessage(free, 'Free members see no image.');
    const mine = await botMessage(basic, 'A picture someone else wants.');
    await generate(basic, mine);
    expect((await waitForImage(inject, mine, basic.headers)).status).toBe('done');
    const guest = { 'x-guest-id': newGuestId() };
    for (const headers of [free.headers, guest]) {
      for (const target of [ref, mine]) {
        const calls: InjectOptions[] = [
          { method: 'POST', url: imagePath(target), payload: {} },
          { method: 'GET', url: imagePath(target) },
          { method: 'GET', url: `${imagePath(target)}/file` },
          {
            method: 'PUT',
            url: `${imagePath(target)}-rating`,
            payload: { level: 'Bad', reasons: ['Scary'] },
          },
          { method: 'GET', url: `/api/conversations/${target.conversationId}/images` },
          { method: 'GET', url: `/api/conversations/${target.conversationId}/image-settings` },
        ];
        for (const call of calls) {
          const res = await inject({ ...call, headers });
          expect(res.statusCode, `${call.method ?? ''} ${JSON.stringify(call.url)}`).toBe(403);
          expect(errorCode(res.json())).toBe('images_upgrade_required');
        }
      }
    }
    expect(await imageRow(ref)).toBeUndefined();
  });

  it('never hands out a stored image by its storage URL, to anyone', async () => {
    const ref = await botMessage(basic, 'A picture whose file someone guesses.');
    await generate(basic, ref);
    expect((await waitForImage(inject, ref, basic.headers)).status).toBe('done');
    const row = await imageRow(ref);
    expect(row?.url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.png$/);
    for (const headers of [basic.headers, free.headers, {}]) {
      const res = await inject({ method: 'GET', url: row?.url ?? '', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toBe('image/png');
    }
  });

  it("refuses another member's image as missing: read, generate, rate, settings", async () => {
    const ref = await botMessage(basic, 'Only mine to see.');
    await generate(basic, ref, { prompt: 'my own picture' });
    const before = await waitForImage(inject, ref, basic.headers);
    const calls: InjectOptions[] = [
      { method: 'GET', url: imagePath(ref) },
      { method: 'GET', url: `${imagePath(ref)}/file` },
      { method: 'POST', url: imagePath(ref), payload: { prompt: 'stolen' } },
      {
        method: 'PUT',
        url: `${imagePath(ref)}-rating`,
        payload: { level: 'Terrible', reasons: [] },
      },
      { method: 'GET', url: `/api/conversations/${ref.conversationId}/images` },
      {
        method: 'PUT',
        url: `/api/conversations/${ref.conversationId}/image-settings`,
        payload: {
          style: 'anime',
          nsfwMode: false,
          legacyMode: false,
          loraScale: 1,
          promptSuffix: 'hacked',
          negativePrompt: '',
        },
      },
    ];
    for (const call of calls) {
      const res = await inject({ ...call, headers: otherBasic.headers });
      expect(res.statusCode, `${call.method ?? ''} ${JSON.stringify(call.url)}`).toBe(404);
      expect(errorCode(res.json())).toBe('conversation_not_found');
    }
    const after = await waitForImage(inject, ref, basic.headers);
    expect(after).toEqual(before);
    const settings = await inject({
      method: 'GET',
      url: `/api/conversations/${ref.conversationId}/image-settings`,
      headers: basic.headers,
    });
    expect(settings.json()).toMatchObject({ settings: { promptSuffix: '' } });
  });
});

describe('bad input', () => {
  it('refuses oversize prompts, NUL bytes, wrong types, misfit reasons and malformed ids whole', async () => {
    const ref = await botMessage(basic, 'Bad input changes nothing.');
    const settingsUrl = `/api/conversations/${ref.conversationId}/image-settings`;
    const goodSettings = {
      style: 'anime',
      nsfwMode: false,
      legacyMode: false,
      loraScale: 0.5,
      promptSuffix: '',
      negativePrompt: '',
    };
    const bad: InjectOptions[] = [
      { method: 'POST', url: imagePath(ref), payload: { prompt: 'x'.repeat(1001) } },
      { method: 'POST', url: imagePath(ref), payload: { prompt: 'a fox\u0000' } },
      { method: 'POST', url: imagePath(ref), payload: { prompt: 42 } },
      { method: 'POST', url: imagePath(ref), payload: { prompt: '   ' } },
      { method: 'POST', url: imagePath(ref), payload: { prompt: 'ok', extra: true } },
      {
        method: 'POST',
        url: `/api/conversations/not-a-uuid/messages/${ref.messageId}/image`,
        payload: {},
      },
      { method: 'GET', url: `/api/conversations/${ref.conversationId}/messages/123/image/file` },
      { method: 'PUT', url: settingsUrl, payload: { ...goodSettings, loraScale: 1.5 } },
      { method: 'PUT', url: settingsUrl, payload: { ...goodSettings, loraScale: '0.5' } },
      { method: 'PUT', url: settingsUrl, payload: { ...goodSettings, style: 'photo' } },
      {
        method: 'PUT',
        url: settingsUrl,
        payload: { ...goodSettings, promptSuffix: 'y'.repeat(501) },
      },
      { method: 'PUT', url: settingsUrl, payload: { ...goodSettings, negativePrompt: 'no\u0000' } },
      { method: 'PUT', url: settingsUrl, payload: { ...goodSettings, nsfwMode: 'yes' } },
      {
        method: 'PUT',
        url: `${imagePath(ref)}-rating`,
        payload: { level: 'Great', reasons: ['Scary'] },
      },
      {
        method: 'PUT',
        url: `${imagePath(ref)}-rating`,
        payload: { level: 'Bad', reasons: ['Irrelevant', 'Irrelevant'] },
      },
      { method: 'PUT', url: `${imagePath(ref)}-rating`, payload: { level: 'Meh', reasons: [] } },
    ];
    for (const call of bad) {
      const res = await inject({ ...call, headers: basic.headers });
      expect(
        res.statusCode,
        `${call.method ?? ''} ${JSON.stringify(call.url)} ${JSON.stringify(call.payload)}`,
      ).toBe(400);
      expect(errorCode(res.json())).toBe('validation_failed');
    }
    expect(await imageRow(ref)).toBeUndefined();
    const settings = await stack.app.deps.db
      .selectFrom('conversation_image_settings')
      .select('conversation_id')
      .where('conversation_id', '=', ref.conversationId)
      .execute();
    expect(settings).toEqual([]);
    // A user message has no image; a message with none answers image_not_found.
    const none = await inject({ method: 'GET', url: imagePath(ref), headers: basic.headers });
    expect(errorCode(none.json())).toBe('image_not_found');
    const rateNone = await inject({
      method: 'PUT',
      url: `${imagePath(ref)}-rating`,
      headers: basic.headers,
      payload: { level: 'Bad', reasons: ['Malformed'] },
    });
    expect(errorCode(rateNone.json())).toBe('image_not_found');
  });
});

describe('many at once', () => {
  it('ends 20 images generated at once each once: none lost, none drawn twice', async () => {
    const started = Date.now() - 1000;
    const refs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => botMessage(basic, `Crowd picture ${String(i)}.`)),
    );
    const answers = await Promise.all(refs.map((ref) => generate(basic, ref)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const images = await Promise.all(
      refs.map((ref) => waitForImage(inject, ref, basic.headers, 60_000)),
    );
    expect(images.map((i) => i.status)).toEqual(refs.map(() => 'done'));
    // Each prompt reached the provider exactly once.
    for (const [i] of refs.entries()) {
      const prompt = `Crowd picture ${String(i)}.`;
      expect(
        peer.requests.filter((r) => r.prompt.includes(prompt)),
        prompt,
      ).toHaveLength(1);
    }
    // Every file written meanwhile is a recorded image's; each image has its own.
    const recorded = new Set(
      (await stack.app.deps.db.selectFrom('message_images').select('url').execute()).map(
        (r) => r.url,
      ),
    );
    const written = (await stack.app.deps.storage.list('images')).filter(
      (f) => f.modifiedAt.getTime() >= started,
    );
    expect(written.filter((f) => !recorded.has(f.url))).toEqual([]);
    const urls = await Promise.all(refs.map(async (ref) => (await imageRow(ref))?.url));
    expect(new Set(urls).size).toBe(20);
  });
});
