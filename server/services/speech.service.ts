/**
 * Text to speech (issue 26 item 1): who may listen (text_to_speech, from the permission module), which
 * text in which voice, and the audio: from the clip cache, or followed live from the `speak` job while
 * it is spoken (lib/speech-clips.ts), so listening starts with the first piece. Every request for the
 * same text and voice shares one job and one stored clip.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  defaultVoiceId,
  speechRatingValue,
  speechTextOf,
  VoiceIdSchema,
  voices,
  voiceSampleText,
  type SpeechRatingInput,
  type Voice,
  type VoiceId,
} from '#shared/rules/speech';
import type { Config } from '../config';
import type { Db } from '../db/database';
import * as operations from '../db/repositories/message-operations.repo';
import * as speech from '../db/repositories/speech.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { SpeechQueue } from '../lib/queues';
import type { SpeechClips } from '../lib/speech-clips';
import type { FileStorage } from '../lib/storage';
import { ownedConversation } from './conversations.service';
import { accessOf } from './restrictions.service';

export interface SpeechDeps {
  db: Db;
  storage: FileStorage;
  clips: SpeechClips;
  queue: SpeechQueue;
  /** The engine's identity (speechEngineOf): another engine's clip of the same text is another clip. */
  engine: string;
  /** How long a listener waits for the job's next news before giving up (queue wait included). */
  waitMs: number;
}

/** How often a listener looks for the next chunk of a clip being spoken. */
const pollMs = 25;

export function speechEngineOf(config: Config): string {
  return config.SPEECH_PROVIDER === 'local'
    ? 'espeak-ng'
    : `openai ${config.SPEECH_BASE_URL} ${config.SPEECH_MODEL}`;
}

/** Premium only: anyone else is shown the upgrade path. */
function assertMaySpeak(caller: Caller): void {
  if (!accessOf(caller).permissions.includes('text_to_speech')) {
    throw new AppError('speech_premium_required');
  }
}

export function listVoices(): { voices: Voice[] } {
  return { voices: voices.map((v) => ({ ...v, audioUrl: `/api/voices/${v.id}/sample` })) };
}

async function voiceOfConversation(db: Db, conversationId: string): Promise<VoiceId> {
  const parsed = VoiceIdSchema.safeParse(await speech.voiceOf(db, conversationId));
  return parsed.success ? parsed.data : defaultVoiceId;
}

export async function conversationVoice(
  db: Db,
  caller: Caller,
  conversationId: string,
): Promise<{ voiceId: VoiceId }> {
  await ownedConversation(db, caller, conversationId);
  return { voiceId: await voiceOfConversation(db, conversationId) };
}

export async function setConversationVoice(
  db: Db,
  caller: Caller,
  conversationId: string,
  voiceId: VoiceId,
): Promise<{ voiceId: VoiceId }> {
  assertMaySpeak(caller);
  await ownedConversation(db, caller, conversationId);
  await speech.setVoice(db, conversationId, voiceId);
  return { voiceId };
}

interface MessageRef {
  id: string;
  messageId: string;
}

/** A bot message of the caller's conversation. */
async function botMessage(db: Db, caller: Caller, ref: MessageRef) {
  await ownedConversation(db, caller, ref.id);
  const message = await operations.findInConversation(db, ref.id, ref.messageId);
  if (message?.role !== 'bot') throw new AppError('message_not_found', { field: 'messageId' });
  return message;
}

/** A bot message read aloud in its conversation's voice. */
export async function messageAudio(
  deps: SpeechDeps,
  caller: Caller,
  ref: MessageRef,
): Promise<AsyncIterable<Buffer>> {
  assertMaySpeak(caller);
  const message = await botMessage(deps.db, caller, ref);
  const text = speechTextOf(message.content);
  if (text === '') throw new AppError('message_not_found', { field: 'messageId' });
  return clipAudio(deps, text, await voiceOfConversation(deps.db, ref.id));
}

export async function sampleAudio(
  deps: SpeechDeps,
  caller: Caller,
  voiceId: VoiceId,
): Promise<AsyncIterable<Buffer>> {
  assertMaySpeak(caller);
  return clipAudio(deps, voiceSampleText, voiceId);
}

export async function rateSpeech(
  deps: SpeechDeps,
  caller: Caller,
  ref: MessageRef,
  input: SpeechRatingInput,
): Promise<SpeechRatingInput> {
  assertMaySpeak(caller);
  await botMessage(deps.db, caller, ref);
  await speech.rate(deps.db, {
    messageId: ref.messageId,
    userId: caller.userId,
    voiceId: await voiceOfConversation(deps.db, ref.id),
    rating: input.rating,
    reason: input.rating === 'dislike' ? input.reason : null,
    value: speechRatingValue[input.rating],
  });
  return input;
}

/** The clip's id: the hash of engine, voice and text. */
export function clipIdOf(engine: string, voiceId: VoiceId, text: string): string {
  return createHash('sha256').update(`${engine}\n${voiceId}\n${text}`).digest('hex');
}

/**
 * The clip's audio: the stored clip, or the job's audio as it is spoken (the job queued if none is
 * live). The first chunk is awaited here, so a clip that fails before any audio is a speech_failed
 * answer, not a broken stream.
 */
export async function clipAudio(
  deps: SpeechDeps,
  text: string,
  voiceId: VoiceId,
): Promise<AsyncIterable<Buffer>> {
  const clipId = clipIdOf(deps.engine, voiceId, text);
  const stored = await storedClip(deps, clipId);
  if (stored !== null) return Readable.from([stored]);
  if (await deps.clips.claim(clipId)) {
    await deps.queue.enqueueSpeak({ clipId, text, voiceId }).catch(async (err: unknown) => {
      await deps.clips.drop(clipId);
      throw err;
    });
  }
  const live = follow(deps, clipId);
  const first = await live.next();
  return (async function* () {
    if (first.done === true) return;
    yield first.value;
    yield* live;
  })();
}

/** The stored clip (marked played), or null; a file swept meanwhile is null too, so it is spoken again. */
async function storedClip(deps: SpeechDeps, clipId: string): Promise<Buffer | null> {
  const url = await speech.playClip(deps.db, clipId);
  return url === null ? null : deps.storage.get(url);
}

/** Follows a clip's stream from its start until it is done or failed. */
async function* follow(deps: SpeechDeps, clipId: string): AsyncGenerator<Buffer> {
  let after = '0';
  let hasAudio = false;
  let heardAt = Date.now();
  for (;;) {
    const { events, lastId } = await deps.clips.read(clipId, after);
    after = lastId;
    if (events.length > 0) heardAt = Date.now();
    for (const event of events) {
      if (event.kind === 'audio') {
        hasAudio = true;
        yield event.bytes;
      } else if (event.kind === 'failed') {
        throw new AppError('speech_failed', {
          message: `The voice could not be made: ${event.message}.`,
        });
      } else if (event.kind === 'done') {
        // Spoken before this listener came (the job found the clip stored): play the stored one.
        const stored = hasAudio ? null : await storedClip(deps, clipId);
        if (stored !== null) yield stored;
        return;
      }
    }
    if (Date.now() - heardAt > deps.waitMs) {
      throw new AppError('speech_failed', { message: 'The voice engine did not answer in time.' });
    }
    await sleep(pollMs);
  }
}
