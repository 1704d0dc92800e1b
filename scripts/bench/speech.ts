/**
 * The speech part of npm run bench (issue 26 item 1): time to first audio of a 300-character bot
 * message read aloud with the offline engine, through the real path (GET the message's speech from
 * the product's server process → `speak` job → worker process running espeak-ng → its first audio
 * bytes back to the listener), each round a new text so nothing comes from the cache. The baseline,
 * alternating with it, is espeak-ng run bare on the same text in the same voice: time to its first
 * bytes on stdout. Then the same clip asked for again (from the cache), and a burst of 50 requests at
 * once for 25 new clips. Every request's outcome is counted: failed, lost (no end in time, or the
 * clip never stored) and duplicated (a clip stored more than once).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readWavHeader } from '#shared/media/wav';
import { defaultVoiceId, speechTextOf } from '#shared/rules/speech';
import { createDb, type Db } from '#server/db/database';
import * as users from '#server/db/repositories/users.repo';
import { signAccessToken } from '#server/services/auth/access-tokens';
import { startSession } from '#server/services/auth/sessions.service';
import { clipIdOf } from '#server/services/speech.service';
import { espeakArgs, espeakCommand } from '#workers/speech/espeak';
import { createBotMessage } from '../../testkit/bot-message';
import { startProduct } from './processes';
import { median, quantile } from './stats';

export type SpeechOutcome = 'completed' | 'failed' | 'lost' | 'duplicated';

export interface SpeechSample {
  /** Request (or spawn) → first audio bytes, ms. */
  firstMs: number;
  /** Request (or spawn) → the last byte, ms. */
  wholeMs: number;
  outcome: SpeechOutcome;
}

export interface SpeechCase {
  name: string;
  samples: SpeechSample[];
  /** Wall time of the whole case (the burst: until its last answer ended). */
  elapsedMs?: number;
}

export interface SpeechReport {
  textChars: number;
  rounds: number;
  cases: SpeechCase[];
}

/** An answer not ended in this long is lost. */
const lostAfterMs = 60_000;
const textChars = 300;
const burst = { clips: 25, requestsPerClip: 2 };

const story =
  'The innkeeper leaned over the counter, rolled a carved bone die across the worn oak and grinned. ' +
  'Tonight, he said, the road to the northern pass is closed by snow, so you will have to trust the ' +
  "old smugglers' tunnel beneath the chapel. Bring a lantern, a rope and your bravest friend, and " +
  'mind the bears that sleep in the side passages all winter long.';

/** A new 300-character reply: each differs in its first words, so each is a new clip. */
function replyText(n: number): string {
  const text = `Tale ${String(n).padStart(5, '0')}. ${story}`.slice(0, textChars);
  if (speechTextOf(text) !== text) throw new Error('the bench story must be 300 spoken characters');
  return text;
}

/** espeak-ng run bare on the text in the default voice: its first bytes on stdout and its end. */
function bareEspeak(text: string): Promise<SpeechSample> {
  return new Promise((resolve) => {
    const start = performance.now();
    let firstMs = Number.NaN;
    let bytes = 0;
    const child = spawn(espeakCommand, espeakArgs(defaultVoiceId), {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (bytes === 0) firstMs = performance.now() - start;
      bytes += chunk.length;
    });
    child.on('error', () => {
      resolve({ firstMs, wholeMs: Number.NaN, outcome: 'failed' });
    });
    child.on('close', (code) => {
      const wholeMs = performance.now() - start;
      resolve({ firstMs, wholeMs, outcome: code === 0 && bytes > 44 ? 'completed' : 'failed' });
    });
    child.stdin.end(text);
  });
}

/** GETs a message's speech as the browser's player does: time to the first audio bytes and the end. */
async function timedSpeech(url: string, token: string): Promise<SpeechSample> {
  const start = performance.now();
  let firstMs = Number.NaN;
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(lostAfterMs),
    });
    if (!res.ok || res.body === null) {
      await res.arrayBuffer();
      return { firstMs, wholeMs: performance.now() - start, outcome: 'failed' };
    }
    const chunks: Uint8Array[] = [];
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.length === 0) continue;
      if (chunks.length === 0) firstMs = performance.now() - start;
      chunks.push(value);
    }
    const wholeMs = performance.now() - start;
    const audio = Buffer.concat(chunks);
    const header = readWavHeader(audio);
    const isAudio =
      header !== null &&
      header !== 'incomplete' &&
      audio.length - header.dataOffset >= header.sampleRate / 10;
    return { firstMs, wholeMs, outcome: isAudio ? 'completed' : 'failed' };
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    return { firstMs, wholeMs: performance.now() - start, outcome: timedOut ? 'lost' : 'failed' };
  }
}

/** A premium member with an access token, made in the run's own database. */
async function premiumListener(db: Db, secret: string): Promise<{ userId: string; token: string }> {
  const user = await users.upsertMemberByEmail(db, `bench-speech-${randomUUID()}@example.com`);
  await users.setRole(db, user.id, 'paid_premium');
  const session = await startSession(db, { userId: user.id, days: 1, userAgent: null });
  const { token } = await signAccessToken(
    secret,
    { userId: user.id, sessionFamily: session.familyId, role: 'paid_premium' },
    3600,
  );
  return { userId: user.id, token };
}

/** A conversation of the listener whose greeting (a bot message) says `text`; its speech URL. */
async function botMessage(
  db: Db,
  base: string,
  ids: { userId: string; characterId: string },
  text: string,
): Promise<string> {
  return `${base}${(await createBotMessage(db, { ...ids, text })).speechPath}`;
}

/**
 * Marks the samples of clips that were not stored exactly once: never stored is lost, stored twice is
 * duplicated. A clip's stored files are its row's plus any file no row names (a second speaking).
 */
async function checkStored(
  db: Db,
  uploadDir: string,
  clips: { text: string; samples: SpeechSample[] }[],
): Promise<void> {
  const ids = clips.map((c) => clipIdOf('espeak-ng', defaultVoiceId, speechTextOf(c.text)));
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('speech_clips').select(['id', 'url']).where('id', 'in', ids).execute();
  const stored = new Set(rows.map((r) => r.id));
  const named = new Set(
    (await db.selectFrom('speech_clips').select('url').execute()).map((r) => r.url),
  );
  let unnamed = 0;
  try {
    unnamed = readdirSync(join(uploadDir, 'speech')).filter(
      (f) => !named.has(`/uploads/speech/${f}`),
    ).length;
  } catch {
    // no folder: nothing was stored at all
  }
  clips.forEach((clip, i) => {
    const id = ids[i] ?? '';
    for (const s of clip.samples) {
      if (s.outcome !== 'completed') continue;
      if (!stored.has(id)) s.outcome = 'lost';
    }
  });
  // Files no clip row names are second copies of some clip: count them against the completed ones.
  for (const s of clips.flatMap((c) => c.samples)) {
    if (unnamed === 0) break;
    if (s.outcome !== 'completed') continue;
    s.outcome = 'duplicated';
    unnamed -= 1;
  }
}

export async function speechRun(
  env: Record<string, string>,
  characterId: string,
  rounds: number,
): Promise<SpeechReport> {
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl === undefined) throw new Error('the speech run needs DATABASE_URL');
  const uploadDir = mkdtempSync(join(tmpdir(), 'charchat-bench-speech-'));
  const secret = randomBytes(32).toString('hex');
  const db = createDb(databaseUrl, 4);
  const product = await startProduct({
    ...env,
    AUTH_SECRET: secret,
    UPLOAD_DIR: uploadDir,
    SPEECH_PROVIDER: 'local',
    WORKER_QUEUES: 'speech',
  });
  const bare: SpeechSample[] = [];
  const fresh: SpeechSample[] = [];
  const cached: SpeechSample[] = [];
  const burstSamples: SpeechSample[] = [];
  const clips: { text: string; samples: SpeechSample[] }[] = [];
  let burstMs = Number.NaN;
  try {
    const listener = await premiumListener(db, secret);
    const ids = { userId: listener.userId, characterId };
    // Warm up once each: the first espeak-ng run loads its voice data from disk.
    await bareEspeak(replyText(0));
    await timedSpeech(await botMessage(db, product.url, ids, replyText(0)), listener.token);
    for (let r = 1; r <= rounds; r++) {
      const text = replyText(r);
      bare.push(await bareEspeak(text));
      const url = await botMessage(db, product.url, ids, text);
      const first = await timedSpeech(url, listener.token);
      fresh.push(first);
      const again = await timedSpeech(url, listener.token);
      cached.push(again);
      clips.push({ text, samples: [first, again] });
    }
    const burstTexts = Array.from({ length: burst.clips }, (_, i) => replyText(1000 + i));
    const urls = await Promise.all(burstTexts.map((t) => botMessage(db, product.url, ids, t)));
    const start = performance.now();
    const answers = await Promise.all(
      urls.flatMap((url) =>
        Array.from({ length: burst.requestsPerClip }, () => timedSpeech(url, listener.token)),
      ),
    );
    burstMs = performance.now() - start;
    burstSamples.push(...answers);
    burstTexts.forEach((text, i) => {
      clips.push({
        text,
        samples: answers.slice(i * burst.requestsPerClip, (i + 1) * burst.requestsPerClip),
      });
    });
    await checkStored(db, uploadDir, clips);
  } finally {
    await product.stop();
    await db.destroy();
    rmSync(uploadDir, { recursive: true, force: true });
  }
  return {
    textChars,
    rounds,
    cases: [
      { name: 'espeak-ng bare, same text and voice (baseline)', samples: bare },
      { name: 'through the product, a new clip', samples: fresh },
      { name: 'through the product, the same clip again (cached)', samples: cached },
      {
        name: `burst: ${String(burst.clips * burst.requestsPerClip)} requests at once for ${String(burst.clips)} new clips`,
        samples: burstSamples,
        elapsedMs: burstMs,
      },
    ],
  };
}

/** Requests of the run that did not end with their audio (failed, lost or duplicated). */
export function speechBad(r: SpeechReport): number {
  return r.cases.flatMap((c) => c.samples).filter((s) => s.outcome !== 'completed').length;
}

export function speechLines(r: SpeechReport): string[] {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const done = (s: readonly SpeechSample[]) => s.filter((x) => x.outcome === 'completed');
  const first = (s: readonly SpeechSample[]) => done(s).map((x) => x.firstMs);
  const whole = (s: readonly SpeechSample[]) => done(s).map((x) => x.wholeMs);
  const count = (s: readonly SpeechSample[], o: SpeechOutcome) =>
    String(s.filter((x) => x.outcome === o).length);
  const [bare, fresh] = r.cases;
  const bareFirst = first(bare?.samples ?? []);
  const freshFirst = first(fresh?.samples ?? []);
  return [
    `Speech: time to first audio of a ${String(r.textChars)}-character message with the offline engine (espeak-ng), request → speak job → worker → first audio bytes at the listener; ${String(r.rounds)} rounds alternating with espeak-ng run bare (target: first audio under 1 s)`,
    '',
    '| case | first audio p50 / p95 | last byte p50 / p95 | requests | failed / lost / duplicated |',
    '| --- | --- | --- | --- | --- |',
    ...r.cases.map(
      (c) =>
        `| ${c.name} | ${fmt(median(first(c.samples)))} / ${fmt(quantile(first(c.samples), 0.95))} ms | ${fmt(median(whole(c.samples)))} / ${fmt(quantile(whole(c.samples), 0.95))} ms${c.elapsedMs === undefined ? '' : ` (all ended in ${fmt(c.elapsedMs)} ms)`} | ${String(c.samples.length)} | ${count(c.samples, 'failed')} / ${count(c.samples, 'lost')} / ${count(c.samples, 'duplicated')} |`,
    ),
    '',
    `Product over bare espeak-ng, first audio: p50 ${fmt(median(freshFirst))} / ${fmt(median(bareFirst))} ms = ${(median(freshFirst) / median(bareFirst)).toFixed(2)}×, p95 ${fmt(quantile(freshFirst, 0.95))} / ${fmt(quantile(bareFirst, 0.95))} ms = ${(quantile(freshFirst, 0.95) / quantile(bareFirst, 0.95)).toFixed(2)}×; added p50 +${fmt(median(freshFirst) - median(bareFirst))} ms`,
  ];
}
