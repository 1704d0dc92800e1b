/**
 * The maintenance sweep of cached speech clips (issue 26 item 1), against real PostgreSQL, Redis and a
 * local storage: clips nobody has played for SPEECH_CLIP_TTL_DAYS go with their audio, recent and
 * recently played ones stay, a clip being written is never taken, and two sweeps at once delete every
 * clip once between them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechFileGraceMs } from '#shared/jobs/maintenance';
import { wavHeader } from '#shared/media/wav';
import type { VoiceId } from '#shared/rules/speech';
import { saveClip } from '#server/db/repositories/speech.repo';
import * as users from '#server/db/repositories/users.repo';
import type { FileStorage } from '#server/lib/storage';
import { clipIdOf } from '#server/services/speech.service';
import { sweepSpeechClips } from '../../../workers/maintenance/sweep-speech-clips.processor';
import type { SpeechProvider } from '../../../workers/speech/provider';
import { speak } from '../../../workers/speech/speak.processor';
import { testConfig } from '../../support/config';
import { createCharacter } from '../../support/factories';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';
import { createBotMessage } from '../../../testkit/bot-message';

const dayMs = 24 * 60 * 60 * 1000;
const ttlDays = 30;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'charchat-speech-sweep-'));
const voice: VoiceId = 'warm-narrator';

let stack: Stack;
let smtp: LocalSmtp;
let premium: SignedInMember;
let characterId: string;

/** A tenth of a second of a quiet tone, as 16-bit mono WAV. */
function tone(): Buffer {
  const samples = Buffer.alloc(2205 * 2);
  for (let i = 0; i < 2205; i++) samples.writeInt16LE(Math.round(Math.sin(i / 5) * 3000), i * 2);
  return Buffer.concat([wavHeader({ sampleRate: 22050, channels: 1 }, samples.length), samples]);
}

const fileOf = (url: string) => path.join(uploadDir, url.replace(/^\/uploads\//, ''));

/** Dates a stored file back, as the disk would show a file written then. */
function ageFile(url: string, ms: number): void {
  const at = new Date(Date.now() - ms);
  utimesSync(fileOf(url), at, at);
}

/** A cached clip of `text`, made and last played `daysAgo` days ago; its storage URL. */
async function cachedClip(text: string, daysAgo: number): Promise<string> {
  const db = stack.app.deps.db;
  const url = await stack.app.deps.storage.put('speech', 'wav', tone());
  const id = clipIdOf(stack.app.deps.speech.engine, voice, text);
  await saveClip(db, { id, voiceId: voice, url, byteLength: 4454 });
  const at = new Date(Date.now() - daysAgo * dayMs);
  await db
    .updateTable('speech_clips')
    .set({ created_at: at, played_at: at })
    .where('id', '=', id)
    .execute();
  ageFile(url, daysAgo * dayMs);
  return url;
}

const sweep = () =>
  sweepSpeechClips({
    db: stack.app.deps.db,
    storage: stack.app.deps.storage,
    log: stack.app.fastify.log,
    ttlDays,
  });

async function rowsNaming(urls: readonly string[]): Promise<string[]> {
  const rows = await stack.app.deps.db
    .selectFrom('speech_clips')
    .select('url')
    .where('url', 'in', urls)
    .execute();
  return rows.map((r) => r.url);
}

const isStored = async (url: string) => (await stack.app.deps.storage.get(url)) !== null;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, UPLOAD_DIR: uploadDir }), {
    workers: false,
  });
  characterId = await createCharacter(stack.app.deps.db);
  premium = await signInMember(stack, smtp);
  await users.setRole(stack.app.deps.db, premium.session.user.id, 'paid_premium');
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

describe('sweepSpeechClips', () => {
  it('deletes clips not played for the TTL with their audio, and keeps recent and replayed ones', async () => {
    const tag = randomUUID();
    const old = [
      await cachedClip(`An old clip ${tag}.`, ttlDays + 10),
      await cachedClip(`Another old clip ${tag}.`, ttlDays + 1),
    ];
    const recent = await cachedClip(`A recent clip ${tag}.`, ttlDays - 1);
    // Made long ago, but a member plays it now (from the cache: no worker runs in this stack).
    const replayedText = `An old clip played again ${tag}.`;
    const replayed = await cachedClip(replayedText, ttlDays + 10);
    const ref = await createBotMessage(stack.app.deps.db, {
      userId: premium.session.user.id,
      characterId,
      text: replayedText,
    });
    const played = await stack.app.fastify.inject({
      url: ref.speechPath,
      headers: premium.headers,
    });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(tone())).toBe(true);

    const swept = await sweep();
    expect([...swept.clips].sort()).toEqual([...old].sort());
    expect(swept.strays).toEqual([]);
    expect(await rowsNaming([...old, recent, replayed])).toEqual(
      expect.arrayContaining([recent, replayed]),
    );
    expect(await rowsNaming(old)).toEqual([]);
    for (const url of old) expect(await isStored(url)).toBe(false);
    for (const url of [recent, replayed]) expect(await isStored(url)).toBe(true);
    // Nothing left to do: a second sweep deletes nothing.
    expect((await sweep()).clips).toEqual([]);
  });

  it('never deletes a clip being written, and deletes a file a dead worker left unrecorded', async () => {
    const stray = await stack.app.deps.storage.put('speech', 'wav', tone());
    ageFile(stray, speechFileGraceMs + 60_000);
    const text = `A clip spoken while the sweep runs ${randomUUID()}.`;
    const clipId = clipIdOf(stack.app.deps.speech.engine, voice, text);
    const storage = stack.app.deps.storage;
    // A sweep runs between the worker storing the clip's file and recording its row.
    const seen: { during?: Awaited<ReturnType<typeof sweep>> } = {};
    const sweepingStorage: FileStorage = {
      put: async (folder, extension, bytes) => {
        const url = await storage.put(folder, extension, bytes);
        seen.during = await sweep();
        return url;
      },
      get: (url) => storage.get(url),
      delete: (url) => storage.delete(url),
      list: (folder) => storage.list(folder),
    };
    const provider: SpeechProvider = {
      name: 'test',
      async *speak() {
        const wav = tone();
        yield wav.subarray(0, 100);
        await new Promise((resolve) => setTimeout(resolve, 20));
        yield wav.subarray(100);
      },
      close: () => Promise.resolve(),
    };
    await stack.app.deps.speech.clips.claim(clipId);
    await speak(
      {
        db: stack.app.deps.db,
        storage: sweepingStorage,
        clips: stack.app.deps.speech.clips,
        provider,
        log: stack.app.fastify.log,
        timeoutMs: 5000,
      },
      { clipId, text, voiceId: voice },
    );
    const { during } = seen;
    expect(during).toBeDefined();
    expect(during?.strays).toEqual([stray]);
    expect(await isStored(stray)).toBe(false);
    const row = await stack.app.deps.db
      .selectFrom('speech_clips')
      .select('url')
      .where('id', '=', clipId)
      .executeTakeFirstOrThrow();
    expect(during?.clips).not.toContain(row.url);
    expect(during?.strays).not.toContain(row.url);
    expect(await isStored(row.url)).toBe(true);
  });

  it('deletes each old clip once when two sweeps run at once, over several batches', async () => {
    const tag = randomUUID();
    const urls: string[] = [];
    for (let i = 0; i < 1100; i++) urls.push(await cachedClip(`Clip ${String(i)} ${tag}.`, 60));
    const [a, b] = await Promise.all([sweep(), sweep()]);
    const mine = new Set(urls);
    const byA = a.clips.filter((u) => mine.has(u));
    const byB = b.clips.filter((u) => mine.has(u));
    expect(byA.length + byB.length).toBe(urls.length);
    expect(new Set([...byA, ...byB]).size).toBe(urls.length);
    // Each clip's file went with its row: no sweep found it later as a file nothing names.
    expect([...a.strays, ...b.strays].filter((u) => mine.has(u))).toEqual([]);
    expect(await rowsNaming(urls)).toEqual([]);
    const left = new Set((await stack.app.deps.storage.list('speech')).map((f) => f.url));
    expect(urls.filter((u) => left.has(u))).toEqual([]);
  });

  it('never takes the clips another sweep is deleting for files nothing names', async () => {
    const tag = randomUUID();
    const urls: string[] = [];
    for (let i = 0; i < 20; i++)
      urls.push(await cachedClip(`Racing clip ${String(i)} ${tag}.`, 60));
    const storage = stack.app.deps.storage;
    const log = stack.app.fastify.log;
    // Sweep A keeps clips for 90 days, so it has only files to look at; while it lists them, sweep B
    // (30 days) deletes the clips. A must not then count their files as ones no clip names.
    const race: { other?: ReturnType<typeof sweep> } = {};
    const listing: FileStorage = {
      put: (folder, extension, bytes) => storage.put(folder, extension, bytes),
      get: (url) => storage.get(url),
      delete: (url) => storage.delete(url),
      list: async (folder) => {
        const files = await storage.list(folder);
        race.other ??= sweep();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return files;
      },
    };
    const a = await sweepSpeechClips({ db: stack.app.deps.db, storage: listing, log, ttlDays: 90 });
    expect(race.other).toBeDefined();
    const b = await (race.other ?? sweep());
    const mine = new Set(urls);
    expect(a.clips.filter((u) => mine.has(u))).toEqual([]);
    expect(a.strays.filter((u) => mine.has(u))).toEqual([]);
    expect(b.clips.filter((u) => mine.has(u)).sort()).toEqual([...urls].sort());
  });

  it('leaves no clip without its audio when a file cannot be deleted: a later sweep takes the file', async () => {
    const url = await cachedClip(`A clip whose file the storage keeps ${randomUUID()}.`, 60);
    const storage = stack.app.deps.storage;
    const failing: FileStorage = {
      put: (folder, extension, bytes) => storage.put(folder, extension, bytes),
      get: (u) => storage.get(u),
      delete: (u) => (u === url ? Promise.reject(new Error('storage down')) : storage.delete(u)),
      list: (folder) => storage.list(folder),
    };
    const log = stack.app.fastify.log;
    const first = await sweepSpeechClips({ db: stack.app.deps.db, storage: failing, log, ttlDays });
    expect(first.clips).toContain(url);
    expect(await rowsNaming([url])).toEqual([]);
    expect(await isStored(url)).toBe(true);
    const second = await sweep();
    expect(second.strays).toContain(url);
    expect(await isStored(url)).toBe(false);
  });
});
