/**
 * Images through an OpenAI-compatible images endpoint (issue 26 item 2), a local peer speaking its
 * wire format (tests/support/image-peer.ts): the PNG comes back as b64_json, the negative prompt
 * travels in the prompt; an endpoint that hangs or answers an HTML page fails that image with its
 * reason. And with no provider configured, the feature says so instead of failing.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPngSize } from '#shared/media/png';
import { safeNegativePrompt } from '#shared/rules/images';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { createCharacter } from '../../support/factories';
import { errorCode } from '../../support/http';
import { startImagePeer, type ImagePeer } from '../../support/image-peer';
import { imagePath, waitForImage } from '../../support/images';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';
import { createBotMessage } from '../../../testkit/bot-message';

let peer: ImagePeer;
let stack: Stack;
let smtp: LocalSmtp;
let member: SignedInMember;
let characterId: string;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  peer = await startImagePeer();
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      WORKER_QUEUES: 'images',
      IMAGE_PROVIDER: 'openai',
      IMAGE_BASE_URL: peer.openAiUrl,
      IMAGE_MODEL: 'peer-images',
      IMAGE_SIZE: '256',
      IMAGE_TIMEOUT_MS: '1500',
    }),
  );
  characterId = await createCharacter(stack.app.deps.db);
  member = await signInMember(stack, smtp);
  await users.setRole(stack.app.deps.db, member.session.user.id, 'paid_basic');
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
  await peer.close();
});

const botMessage = (text: string) =>
  createBotMessage(stack.app.deps.db, { userId: member.session.user.id, characterId, text });

describe('the openai image provider', () => {
  it('draws through /v1/images/generations, saying what to avoid in the prompt', async () => {
    const ref = await botMessage('A lantern-lit harbour.');
    const res = await inject({
      method: 'POST',
      url: imagePath(ref),
      headers: member.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const image = await waitForImage(inject, ref, member.headers);
    expect(image).toMatchObject({ status: 'done', width: 256, height: 256 });
    const file = await inject({ method: 'GET', url: image.url ?? '', headers: member.headers });
    expect(readPngSize(file.rawPayload)).toEqual({ width: 256, height: 256 });
    const sent = peer.requests.find((r) => r.prompt.includes('A lantern-lit harbour.'));
    expect(sent?.wire).toBe('openai');
    expect(sent?.prompt).toContain(`Avoid: `);
    expect(sent?.prompt).toContain(safeNegativePrompt);
  });

  it('fails an image whose endpoint hangs or answers a page, with the reason', async () => {
    const hang = await botMessage('HANG here.');
    const garbage = await botMessage('GARBAGE here.');
    for (const ref of [hang, garbage]) {
      await inject({ method: 'POST', url: imagePath(ref), headers: member.headers, payload: {} });
    }
    const hung = await waitForImage(inject, hang, member.headers);
    expect(hung).toMatchObject({ status: 'failed' });
    expect(hung.error).toMatch(/did not answer in time/);
    const paged = await waitForImage(inject, garbage, member.headers);
    expect(paged.error).toMatch(/not JSON/);
  });
});

describe('with no image provider', () => {
  it('says images are not set up, and stores nothing', async () => {
    const bare = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
    try {
      const barer = await signInMember(bare, smtp);
      await users.setRole(bare.app.deps.db, barer.session.user.id, 'paid_premium');
      const ref = await createBotMessage(bare.app.deps.db, {
        userId: barer.session.user.id,
        characterId,
        text: 'No pictures here.',
      });
      const settings = await bare.app.fastify.inject({
        method: 'GET',
        url: `/api/conversations/${ref.conversationId}/image-settings`,
        headers: barer.headers,
      });
      expect(settings.json()).toMatchObject({ isConfigured: false });
      const res = await bare.app.fastify.inject({
        method: 'POST',
        url: imagePath(ref),
        headers: barer.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(503);
      expect(errorCode(res.json())).toBe('images_not_configured');
      const rows = await bare.app.deps.db
        .selectFrom('message_images')
        .select('message_id')
        .where('message_id', '=', ref.messageId)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
