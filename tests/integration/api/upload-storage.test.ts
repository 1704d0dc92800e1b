/**
 * Uploaded avatars in both storages (issue 10, "avatar upload ... local disk by default, S3-compatible
 * storage by config"): with STORAGE=s3 against a real local S3 peer that checks every SigV4 signature,
 * chatbot and member avatars and a card import's image are stored in the bucket and served at the same
 * /uploads URLs, a card export reads them back, and the maintenance sweep deletes the uploads nothing
 * refers to once they are old enough, in the bucket and on the local disk alike.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCharacter,
  uploadCharacterAvatar,
  type SaveCharacterBody,
} from '#shared/api/authoring';
import { CardImportPreviewSchema } from '#shared/api/character-cards';
import { uploadPersonaAvatar } from '#shared/api/personas';
import { uploadAvatar } from '#shared/api/profile';
import { uploadGraceMs } from '#shared/jobs/maintenance';
import { readCardFile } from '#shared/cards/read-card';
import { S3Storage } from '#server/lib/s3-storage';
import { LocalDiskStorage, uploadKey } from '#server/lib/storage';
import { sweepUploads } from '../../../workers/maintenance/sweep-uploads.processor';
import { cardFixture } from '../../support/cards';
import { testConfig } from '../../support/config';
import { signInMember, type SignedInMember } from '../../support/members';
import { startS3Peer, type S3Peer } from '../../support/s3-peer';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let peer: S3Peer;
let smtp: LocalSmtp;
let s3Stack: Stack;
let localStack: Stack;
let member: SignedInMember;
let localMember: SignedInMember;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'charchat-uploads-'));

beforeAll(async () => {
  [peer, smtp] = await Promise.all([startS3Peer(), startSmtp()]);
  [s3Stack, localStack] = await Promise.all([
    startStack(
      testConfig({
        SMTP_URL: smtp.url,
        STORAGE: 's3',
        S3_ENDPOINT: peer.endpoint,
        S3_REGION: peer.region,
        S3_BUCKET: peer.bucket,
        S3_ACCESS_KEY_ID: peer.accessKeyId,
        S3_SECRET_ACCESS_KEY: peer.secretAccessKey,
      }),
      { workers: false },
    ),
    startStack(testConfig({ SMTP_URL: smtp.url, UPLOAD_DIR: uploadDir }), { workers: false }),
  ]);
  [member, localMember] = await Promise.all([
    signInMember(s3Stack, smtp),
    signInMember(localStack, smtp),
  ]);
});
afterAll(async () => {
  await Promise.all([s3Stack.close(), localStack.close()]);
  await Promise.all([peer.close(), smtp.close()]);
});

function form(field: string, bytes: Uint8Array, type: string) {
  const boundary = `----test${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#1a7' } })
    .png()
    .toBuffer();

async function post(
  stack: Stack,
  who: SignedInMember,
  url: string,
  field: string,
  bytes: Uint8Array,
  type: string,
) {
  const body = form(field, bytes, type);
  const opts: InjectOptions = {
    method: 'POST',
    url,
    headers: { ...body.headers, ...who.headers },
    payload: body.payload,
  };
  return stack.app.fastify.inject(opts);
}

const objectKey = (url: string) => url.replace(/^\/uploads\//, '');

function chatbot(avatarUrl: string | null): SaveCharacterBody {
  return {
    name: `Stored ${randomUUID().slice(0, 6)}`,
    title: 'Keeps its avatar in a bucket',
    greeting: 'Hello.',
    persona: 'Calm.',
    scenario: '',
    dialogue: '',
    avatarUrl,
    avatarIsNsfw: false,
    isNsfw: false,
    visibility: 'private',
    tags: ['Fantasy'],
    language: 'en',
    guidelines: true,
  };
}

describe('STORAGE=s3', () => {
  it('stores a chatbot avatar in the bucket and serves it at its /uploads URL', async () => {
    const res = await post(
      s3Stack,
      member,
      '/api/uploads/character-avatar',
      'avatar',
      await png(),
      'image/png',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { avatarUrl } = uploadCharacterAvatar.response.parse(res.json());
    expect(uploadKey(avatarUrl)?.folder).toBe('character-avatars');
    const object = peer.objects.get(objectKey(avatarUrl));
    expect(object?.contentType).toBe('image/webp');

    const served = await s3Stack.app.fastify.inject({ url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(peer.refused).toEqual([]);
  });

  it('answers 404 for a missing or malformed upload URL', async () => {
    for (const url of [
      `/uploads/character-avatars/${randomUUID()}.webp`,
      '/uploads/character-avatars/../secret',
      '/uploads/elsewhere/a.webp',
    ]) {
      expect((await s3Stack.app.fastify.inject({ url })).statusCode).toBe(404);
    }
  });

  it("stores a member's avatar and a card's image there too; the card export reads it back", async () => {
    const avatar = await post(
      s3Stack,
      member,
      '/api/me/avatar',
      'avatar',
      await png(),
      'image/png',
    );
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect(peer.objects.has(objectKey(uploadAvatar.response.parse(avatar.json()).avatarUrl))).toBe(
      true,
    );

    const imported = await post(
      s3Stack,
      member,
      '/api/characters/import/preview',
      'card',
      cardFixture('default_CodingSensei.png'),
      'image/png',
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const { avatarUrl } = CardImportPreviewSchema.parse(imported.json());
    expect(avatarUrl).not.toBeNull();
    expect(peer.objects.has(objectKey(avatarUrl ?? ''))).toBe(true);

    const created = await s3Stack.app.fastify.inject({
      method: 'POST',
      url: '/api/characters',
      headers: member.headers,
      payload: { ...chatbot(avatarUrl), cardExtras: null },
    });
    const { id } = createCharacter.response.parse(created.json());
    const card = await s3Stack.app.fastify.inject({
      url: `/api/characters/${id}/export?format=png`,
      headers: member.headers,
    });
    expect(card.statusCode, card.body).toBe(200);
    // The PNG is the stored avatar (512 px, from the bucket), with the card inside.
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
    expect((await readCardFile(new Uint8Array(card.rawPayload))).character.name).toMatch(
      /^Stored /,
    );
  });

  it('refuses a client with the wrong secret: the bucket answers SignatureDoesNotMatch', async () => {
    const wrong = new S3Storage({
      endpoint: peer.endpoint,
      region: peer.region,
      bucket: peer.bucket,
      accessKeyId: peer.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(wrong.put('avatars', 'webp', Buffer.from('x'))).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    expect(peer.refused.at(-1)).toBe('SignatureDoesNotMatch');
  });

  it('sweeps unreferenced uploads once they are old, keeping avatars in use and young files', async () => {
    const storage = s3Stack.app.deps.storage;
    const used = await post(s3Stack, member, '/api/me/avatar', 'avatar', await png(), 'image/png');
    const usedUrl = uploadAvatar.response.parse(used.json()).avatarUrl;
    // An abandoned import: stored, never saved.
    const abandoned = await storage.put('character-avatars', 'webp', await png());
    const log = s3Stack.app.fastify.log;

    // Young: nothing goes.
    expect(await sweepUploads({ db: s3Stack.app.deps.db, storage, log })).toEqual([]);
    // Old enough: the abandoned one goes (listed over several pages), the member's avatar stays.
    const later = new Date(Date.now() + uploadGraceMs + 60_000);
    const deleted = await sweepUploads({ db: s3Stack.app.deps.db, storage, log, now: later });
    expect(deleted).toContain(abandoned);
    expect(deleted).not.toContain(usedUrl);
    expect(peer.objects.has(objectKey(abandoned))).toBe(false);
    expect(peer.objects.has(objectKey(usedUrl))).toBe(true);
    expect((await s3Stack.app.fastify.inject({ url: usedUrl })).statusCode).toBe(200);
  });
});

describe('STORAGE=local', () => {
  it('sweeps an old unreferenced file from the disk and keeps the referenced ones', async () => {
    const storage = localStack.app.deps.storage;
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    const used = await post(
      localStack,
      localMember,
      '/api/me/avatar',
      'avatar',
      await png(),
      'image/png',
    );
    const usedUrl = uploadAvatar.response.parse(used.json()).avatarUrl;
    const personaUpload = await post(
      localStack,
      localMember,
      '/api/uploads/persona-avatar',
      'avatar',
      await png(),
      'image/png',
    );
    const personaUrl = uploadPersonaAvatar.response.parse(personaUpload.json()).avatarUrl;
    const persona = await localStack.app.fastify.inject({
      method: 'POST',
      url: '/api/personas',
      headers: localMember.headers,
      payload: {
        avatarUrl: personaUrl,
        name: 'Nova',
        highlights: 'A calm pilot.',
        isDefault: false,
      },
    });
    expect(persona.statusCode, persona.body).toBe(200);
    const abandoned = await storage.put('character-avatars', 'webp', await png());
    const old = new Date(Date.now() - uploadGraceMs - 60_000);
    for (const url of [usedUrl, personaUrl, abandoned]) {
      utimesSync(path.join(uploadDir, url.replace(/^\/uploads\//, '')), old, old);
    }
    const deleted = await sweepUploads({
      db: localStack.app.deps.db,
      storage,
      log: localStack.app.fastify.log,
    });
    expect(deleted).toContain(abandoned);
    expect(deleted).not.toContain(usedUrl);
    expect(deleted).not.toContain(personaUrl);
    expect((await localStack.app.fastify.inject({ url: abandoned })).statusCode).toBe(404);
    expect((await localStack.app.fastify.inject({ url: usedUrl })).statusCode).toBe(200);
  });
});
