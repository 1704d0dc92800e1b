/**
 * The reply in flight (docs/architecture.md, "The chat path"; docs/style.md, "Ownership"): the one
 * module that reads and writes its Redis record. A conversation's reply is a hash (replyId, run, seq)
 * whose presence marks the conversation busy, plus the text so far, appended frame by frame
 * (docs/performance.md, trap 8). Frames reach the servers holding the conversation's sockets over the
 * conversation's channel; stop requests reach every worker over the control channel.
 *
 * A run is one attempt at writing the reply: a job taken back after a crash starts a new run, which
 * empties the text and tells clients to restart from the seq it had reached, and a late frame of the
 * old run is refused. Every step is one round trip (a Lua script or a pipeline).
 */
import type { AppErrorBody } from '#shared/errors';
import type { ServerEventPayload } from '#shared/realtime/events';
import {
  AutopilotDraftSchema,
  type AutopilotDraft,
  type PendingReply,
} from '#shared/schemas/conversation';
import { AppError } from './errors';
import { RedisScript, type Redis } from './redis';
import { redisKeys, type RedisKeys } from './redis-keys';

/**
 * How long a claim lives without a frame: long enough for a reply queued behind a busy pool, and the
 * last resort only, since the queue's final failure of a job releases its claim at once.
 */
const ttlSeconds = 600;

/**
 * How long a finished autopilot draft waits for its message box: like a reply's record, it lapses on
 * its own rather than being kept forever; a day covers a reload, a closed tab or the next morning.
 */
const draftTtlSeconds = 24 * 60 * 60;

/** Claims the conversation unless busy. KEYS: hash. ARGV: replyId, ttl, kind (reply or autopilot). */
const claimScript = new RedisScript(`
if redis.call('hsetnx', KEYS[1], 'replyId', ARGV[1]) == 0 then return 0 end
redis.call('hset', KEYS[1], 'seq', '0', 'kind', ARGV[3])
redis.call('expire', KEYS[1], ARGV[2])
return 1`);

/** Releases a claim if it still belongs to the reply. KEYS: hash, text. ARGV: replyId. */
const releaseScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'replyId') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
return 1`);

/**
 * Starts a run: refuses if the claim is gone (the send was undone) or another reply holds the
 * conversation, and empties the text. Answers {status, seq, stopped}: status 1 started, 0 busy,
 * 2 gone. KEYS: hash, text, stop. ARGV: replyId, run, ttl.
 */
const startScript = new RedisScript(`
local owner = redis.call('hget', KEYS[1], 'replyId')
if not owner then return {2, 0, 0} end
if owner ~= ARGV[1] then return {0, 0, 0} end
local seq = tonumber(redis.call('hget', KEYS[1], 'seq') or '0')
redis.call('hset', KEYS[1], 'run', ARGV[2])
redis.call('set', KEYS[2], '', 'EX', ARGV[3])
redis.call('expire', KEYS[1], ARGV[3])
local stopped = redis.call('exists', KEYS[3])
return {1, seq, stopped}`);

/** Appends a frame's text if the run still owns the reply. KEYS: hash, text, channel. ARGV: run, seq, chunk, frame, ttl. */
const deltaScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'run') ~= ARGV[1] then return 0 end
redis.call('append', KEYS[2], ARGV[3])
redis.call('hset', KEYS[1], 'seq', ARGV[2])
redis.call('expire', KEYS[1], ARGV[5])
redis.call('expire', KEYS[2], ARGV[5])
redis.call('publish', KEYS[3], ARGV[4])
return 1`);

/**
 * Ends a run: releases the conversation if the run still owns it and publishes the final frame. A run
 * that lost the reply to a newer one publishes nothing. KEYS: hash, text, channel. ARGV: run, frame.
 */
const finishScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'run') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
redis.call('publish', KEYS[3], ARGV[2])
return 1`);

/**
 * Ends an autopilot run like finishScript, keeping its draft for the message box in the same step.
 * KEYS: hash, text, channel, draft. ARGV: run, frame, draft, draft ttl.
 */
const finishDraftScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'run') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
redis.call('set', KEYS[4], ARGV[3], 'EX', ARGV[4])
redis.call('publish', KEYS[3], ARGV[2])
return 1`);

/** Deletes the waiting draft if it is the one named. KEYS: draft. ARGV: draftId. */
const discardDraftScript = new RedisScript(`
local draft = redis.call('get', KEYS[1])
if not draft then return 0 end
if cjson.decode(draft).draftId ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1])
return 1`);

/**
 * Gives a reply up for good (its job failed finally): releases the claim and tells the clients, if the
 * reply still holds the conversation. KEYS: hash, text, channel. ARGV: replyId, frame.
 */
const abandonScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'replyId') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
redis.call('publish', KEYS[3], ARGV[2])
return 1`);

/** Flags the reply in flight to stop, for a worker now or later. KEYS: hash, control. ARGV: ttl, stopKeyPrefix. */
const stopScript = new RedisScript(`
local replyId = redis.call('hget', KEYS[1], 'replyId')
if not replyId then return 0 end
redis.call('set', ARGV[2] .. replyId, '1', 'EX', ARGV[1])
redis.call('publish', KEYS[2], cjson.encode({type = 'stop', replyId = replyId}))
return 1`);

const frameEvents = [
  'message:created',
  'generation:started',
  'generation:delta',
  'generation:completed',
  'autopilot:completed',
  'generation:failed',
] as const;
type FrameEvent = (typeof frameEvents)[number];

/** What travels on a conversation's channel: a server event for the conversation's sockets. */
export type ConversationFrame = {
  [E in FrameEvent]: { event: E; payload: ServerEventPayload<E> };
}[FrameEvent];

/** A run of a reply, as the worker writing it holds it. */
export interface ReplyRun {
  conversationId: string;
  replyId: string;
  /** Identifies this attempt; frames of an older attempt are refused. */
  run: string;
}

export type StartResult =
  | { status: 'busy' }
  | { status: 'gone' }
  | { status: 'started'; seq: number; isStopRequested: boolean };

export class ReplyState {
  private readonly keys: RedisKeys;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  // ---- the server's side ------------------------------------------------------------------------

  /**
   * Claims the conversation for one reply (or autopilot draft: one generation at a time either way); a
   * second claim while one is in flight is conversation_busy.
   */
  async claim(
    conversationId: string,
    replyId: string,
    kind: 'reply' | 'autopilot' = 'reply',
  ): Promise<void> {
    const claimed = await claimScript.run(
      this.redis,
      [this.keys.inflight(conversationId)],
      [replyId, ttlSeconds, kind],
    );
    if (claimed !== 1) throw new AppError('conversation_busy');
  }

  /** Releases the claim if it still belongs to the reply (a send that failed before its job ran). */
  async release(conversationId: string, replyId: string): Promise<void> {
    await releaseScript.run(
      this.redis,
      [this.keys.inflight(conversationId), this.keys.inflightText(conversationId)],
      [replyId],
    );
  }

  /** The reply in flight in a conversation, with its text so far and seq, if any. */
  async read(conversationId: string): Promise<PendingReply | null> {
    const [[, hash] = [], [, text] = []] =
      (await this.redis
        .multi()
        .hgetall(this.keys.inflight(conversationId))
        .get(this.keys.inflightText(conversationId))
        .exec()) ?? [];
    if (!isRecord(hash) || typeof hash.replyId !== 'string') return null;
    return {
      messageId: hash.replyId,
      text: typeof text === 'string' ? text : '',
      seq: Number(hash.seq),
      ...(hash.kind === 'autopilot' ? { isAutopilot: true } : {}),
    };
  }

  /** The finished autopilot draft waiting for the conversation's message box, if any. */
  async readDraft(conversationId: string): Promise<AutopilotDraft | null> {
    const text = await this.redis.get(this.keys.autopilotDraft(conversationId));
    if (text === null) return null;
    const parsed = AutopilotDraftSchema.safeParse(decode(text));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Throws the waiting draft away: the one named (Discard; a newer draft stays), or any (the user sent
   * a message, so what was waiting is spent).
   */
  async discardDraft(conversationId: string, draftId?: string): Promise<void> {
    const key = this.keys.autopilotDraft(conversationId);
    if (draftId === undefined) await this.redis.del(key);
    else await discardDraftScript.run(this.redis, [key], [draftId]);
  }

  /** Asks whichever worker writes the conversation's reply to stop (now, or when it starts). */
  async requestStop(conversationId: string): Promise<void> {
    await stopScript.run(
      this.redis,
      [this.keys.inflight(conversationId), this.keys.controlChannel],
      [ttlSeconds, this.keys.stop('')],
    );
  }

  /** Tells every socket of the conversation, on any server, about a frame outside a run. */
  async publish(conversationId: string, frame: ConversationFrame): Promise<void> {
    await this.redis.publish(this.keys.conversationChannel(conversationId), JSON.stringify(frame));
  }

  // ---- the worker's side ------------------------------------------------------------------------

  /** Starts a run of the reply (see startScript). */
  async start(r: ReplyRun): Promise<StartResult> {
    const reply = await startScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.stop(r.replyId),
      ],
      [r.replyId, r.run, ttlSeconds],
    );
    if (!Array.isArray(reply) || reply[0] === 0) return { status: 'busy' };
    if (reply[0] === 2) return { status: 'gone' };
    return { status: 'started', seq: Number(reply[1]), isStopRequested: reply[2] === 1 };
  }

  /**
   * Tells clients the run writes the reply from `seq` (a run after a crash restarts the text there).
   * Sent once the user's message is known to be stored, so an undone send announces nothing; it goes
   * out on the same connection as the frames, so it reaches the channel before them.
   */
  async announce(r: ReplyRun, seq: number, isAutopilot = false): Promise<void> {
    await this.publish(r.conversationId, {
      event: 'generation:started',
      payload: {
        conversationId: r.conversationId,
        messageId: r.replyId,
        seq,
        ...(isAutopilot ? { isAutopilot } : {}),
      },
    });
  }

  /** Whether the run still holds its reply (not released, not taken over by a newer run). */
  async owns(r: ReplyRun): Promise<boolean> {
    return (await this.redis.hget(this.keys.inflight(r.conversationId), 'run')) === r.run;
  }

  /** Appends one frame's text and publishes it, unless a newer run took the reply over. */
  async delta(r: ReplyRun, seq: number, text: string): Promise<void> {
    const frame: ConversationFrame = {
      event: 'generation:delta',
      payload: { conversationId: r.conversationId, messageId: r.replyId, seq, text },
    };
    await deltaScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
      ],
      [r.run, seq, text, JSON.stringify(frame), ttlSeconds],
    );
  }

  /** Ends the run with its final frame (completed or failed) and frees the conversation. */
  async finish(r: ReplyRun, frame: ConversationFrame): Promise<void> {
    await finishScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
      ],
      [r.run, JSON.stringify(frame)],
    );
  }

  /** Ends an autopilot run with its draft, which waits for the message box until sent or discarded. */
  async finishDraft(
    r: ReplyRun,
    frame: { event: 'autopilot:completed'; payload: ServerEventPayload<'autopilot:completed'> },
  ): Promise<void> {
    const { draftId, text, isStopped } = frame.payload;
    await finishDraftScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
        this.keys.autopilotDraft(r.conversationId),
      ],
      [
        r.run,
        JSON.stringify(frame),
        JSON.stringify({ draftId, text, isStopped } satisfies AutopilotDraft),
        draftTtlSeconds,
      ],
    );
  }

  /** Gives a reply up after its job failed for good; answers whether it still held the conversation. */
  async abandon(conversationId: string, replyId: string, error: AppErrorBody): Promise<boolean> {
    const frame: ConversationFrame = {
      event: 'generation:failed',
      payload: { conversationId, messageId: replyId, error },
    };
    const done = await abandonScript.run(
      this.redis,
      [
        this.keys.inflight(conversationId),
        this.keys.inflightText(conversationId),
        this.keys.conversationChannel(conversationId),
      ],
      [replyId, JSON.stringify(frame)],
    );
    return done === 1;
  }
}

/**
 * A server's subscriptions to the channels of the conversations its sockets watch, reference-counted on
 * one dedicated connection, so tokens reach only the servers that deliver them (performance.md, trap 2).
 * Frames are our own workers' and are not validated again here (trap 10).
 */
export class FrameSubscriber {
  private readonly counts = new Map<string, number>();
  private readonly keys: RedisKeys;

  constructor(
    private readonly subscriber: Redis,
    prefix: string,
    onFrame: (conversationId: string, frame: ConversationFrame) => void,
  ) {
    this.keys = redisKeys(prefix);
    const channelPrefix = this.keys.conversationChannelPrefix;
    subscriber.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(channelPrefix)) return;
      const frame = decode(raw);
      if (frame !== undefined && isFrame(frame))
        onFrame(channel.slice(channelPrefix.length), frame);
    });
  }

  /** Subscribes on first interest; resolves once Redis confirms, so no later frame is missed. */
  async add(conversationId: string): Promise<void> {
    const n = this.counts.get(conversationId) ?? 0;
    this.counts.set(conversationId, n + 1);
    if (n === 0) await this.subscriber.subscribe(this.keys.conversationChannel(conversationId));
  }

  async remove(conversationId: string): Promise<void> {
    const n = this.counts.get(conversationId) ?? 0;
    if (n <= 1) {
      this.counts.delete(conversationId);
      if (n === 1) await this.subscriber.unsubscribe(this.keys.conversationChannel(conversationId));
    } else {
      this.counts.set(conversationId, n - 1);
    }
  }
}

/** Calls `onStop` with the id of every reply a user asks to stop (each worker listens). */
export async function listenForStops(
  subscriber: Redis,
  prefix: string,
  onStop: (replyId: string) => void,
): Promise<void> {
  const channel = redisKeys(prefix).controlChannel;
  subscriber.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    const message = decode(raw);
    if (isRecord(message) && message.type === 'stop' && typeof message.replyId === 'string') {
      onStop(message.replyId);
    }
  });
  await subscriber.subscribe(channel);
}

function decode(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const knownEvents = new Set<string>(frameEvents);

/** Our own frames carry a known event and a payload object; nothing more is checked (trap 10). */
function isFrame(value: unknown): value is ConversationFrame {
  return (
    isRecord(value) &&
    typeof value.event === 'string' &&
    knownEvents.has(value.event) &&
    typeof value.payload === 'object' &&
    value.payload !== null
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
