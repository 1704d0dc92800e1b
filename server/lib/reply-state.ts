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
 *
 * A send's reply is written while the server stores the message it answers (docs/performance.md, trap
 * 7), but nothing of it is published before that message is stored: the hash's `stored` flag gates the
 * frames. Whichever comes second, the run's start or the server's mark, announces the reply and
 * publishes the text held so far as one delta; `sent` counts the bytes of the text already published,
 * so no worker ever waits for the database to learn it.
 *
 * A frame travels as the Socket.IO event packet its sockets are sent (`2["event",payload]`, as
 * Socket.IO encodes an event of the main namespace), so a server writes it to them as it comes,
 * neither parsing nor encoding it again (issue 29: the relay's work per frame).
 */
import type { AppErrorBody } from '#shared/errors';
import type { ServerEventPayload } from '#shared/realtime/events';
import {
  AutopilotDraftSchema,
  type AutopilotDraft,
  type PendingReply,
} from '#shared/schemas/conversation';
import type { Message } from '#shared/schemas/message';
import { AppError } from './errors';
import { eventOfPacket, eventPacket, eventPacketType } from './event-packets';
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

/**
 * The frames a run publishes from Lua, so they are gated in the same step that appends the text, in
 * the packet form encodeFrame gives the others.
 * KEYS[1] hash, KEYS[2] text, KEYS[3] channel. `announce` tells clients the run writes the reply from
 * its start seq; `flush` publishes the text appended since the last frame as the next delta.
 */
const frameLua = `
local function announce(cid, rid)
  local h = redis.call('hmget', KEYS[1], 'startSeq', 'kind', 'speakerId')
  local payload = {conversationId = cid, messageId = rid, seq = tonumber(h[1])}
  if h[2] == 'autopilot' then payload.isAutopilot = true end
  if h[3] and h[3] ~= '' then payload.speakerId = h[3] end
  redis.call('spublish', KEYS[3], '${eventPacketType}' .. cjson.encode({'generation:started', payload}))
end
local function flush(cid, rid, len)
  local sent = tonumber(redis.call('hget', KEYS[1], 'sent') or '0')
  if len <= sent then return end
  local seq = redis.call('hincrby', KEYS[1], 'seq', 1)
  redis.call('hset', KEYS[1], 'sent', len)
  local text = redis.call('getrange', KEYS[2], sent, -1)
  redis.call('spublish', KEYS[3], '${eventPacketType}' .. cjson.encode({'generation:delta',
    {conversationId = cid, messageId = rid, seq = seq, text = text}}))
end
`;

/**
 * Claims the conversation unless busy. KEYS: hash. ARGV: replyId, ttl, kind (reply or autopilot),
 * stored ('1' when the reply answers a message already stored, '0' while a send stores it).
 */
const claimScript = new RedisScript(`
if redis.call('hsetnx', KEYS[1], 'replyId', ARGV[1]) == 0 then return 0 end
redis.call('hset', KEYS[1], 'seq', '0', 'kind', ARGV[3], 'stored', ARGV[4])
redis.call('expire', KEYS[1], ARGV[2])
return 1`);

/**
 * Releases a claim if it still belongs to the reply, and stops a worker already writing it (a send
 * undone after its job was queued). KEYS: hash, text. ARGV: replyId, control channel.
 */
const releaseScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'replyId') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
redis.call('publish', ARGV[2], cjson.encode({type = 'stop', replyId = ARGV[1]}))
return 1`);

/**
 * The server stored the send's message: publishes message:created, opens the gate, and if the run
 * already started, announces it and publishes its text so far. KEYS: hash, text, channel.
 * ARGV: replyId, the message:created frame, conversationId.
 */
const storedScript = new RedisScript(`${frameLua}
redis.call('spublish', KEYS[3], ARGV[2])
if redis.call('hget', KEYS[1], 'replyId') ~= ARGV[1] then return 0 end
redis.call('hset', KEYS[1], 'stored', '1')
if redis.call('hexists', KEYS[1], 'run') == 1 then
  announce(ARGV[3], ARGV[1])
  flush(ARGV[3], ARGV[1], redis.call('strlen', KEYS[2]))
end
return 1`);

/**
 * Starts a run: refuses if the claim is gone (the send was undone) or another reply holds the
 * conversation, and empties the text; announces the run if its message is stored. Answers
 * {status, seq, stopped}: status 1 started, 0 busy, 2 gone. KEYS: hash, text, channel, stop.
 * ARGV: replyId, run, ttl, conversationId, speakerId (a group chat's speaking member, or '').
 */
const startScript = new RedisScript(`${frameLua}
local owner = redis.call('hget', KEYS[1], 'replyId')
if not owner then return {2, 0, 0} end
if owner ~= ARGV[1] then return {0, 0, 0} end
local seq = tonumber(redis.call('hget', KEYS[1], 'seq') or '0')
redis.call('hset', KEYS[1], 'run', ARGV[2], 'startSeq', seq, 'sent', 0, 'speakerId', ARGV[5])
redis.call('set', KEYS[2], '', 'EX', ARGV[3])
redis.call('expire', KEYS[1], ARGV[3])
local stopped = redis.call('exists', KEYS[4])
if redis.call('hget', KEYS[1], 'stored') == '1' then announce(ARGV[4], ARGV[1]) end
return {1, seq, stopped}`);

/**
 * Appends a frame's text if the run still owns the reply, and publishes it once the message it answers
 * is stored. KEYS: hash, text, channel. ARGV: run, chunk, ttl, conversationId, replyId.
 */
const deltaScript = new RedisScript(`${frameLua}
if redis.call('hget', KEYS[1], 'run') ~= ARGV[1] then return 0 end
local len = redis.call('append', KEYS[2], ARGV[2])
redis.call('expire', KEYS[1], ARGV[3])
redis.call('expire', KEYS[2], ARGV[3])
if redis.call('hget', KEYS[1], 'stored') == '1' then flush(ARGV[4], ARGV[5], len) end
return 1`);

/**
 * Ends a run: releases the conversation if the run still owns it and publishes the final frame. A run
 * that lost the reply to a newer one publishes nothing. Answers 0 then, else 1 + the servers the frame
 * reached (servers subscribe only while a socket watches). KEYS: hash, text, channel. ARGV: run, frame.
 */
const finishScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'run') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
return 1 + redis.call('spublish', KEYS[3], ARGV[2])`);

/**
 * Ends an autopilot run like finishScript, keeping its draft for the message box in the same step.
 * KEYS: hash, text, channel, draft. ARGV: run, frame, draft, draft ttl.
 */
const finishDraftScript = new RedisScript(`
if redis.call('hget', KEYS[1], 'run') ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2])
redis.call('set', KEYS[4], ARGV[3], 'EX', ARGV[4])
return 1 + redis.call('spublish', KEYS[3], ARGV[2])`);

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
redis.call('spublish', KEYS[3], ARGV[2])
return 1`);

/**
 * Flags the reply in flight to stop, for a worker now or later. KEYS: hash. ARGV: ttl, stopKeyPrefix
 * (the conversation's, so the flag shares the hash's slot), control channel.
 */
const stopScript = new RedisScript(`
local replyId = redis.call('hget', KEYS[1], 'replyId')
if not replyId then return 0 end
redis.call('set', ARGV[2] .. replyId, '1', 'EX', ARGV[1])
redis.call('publish', ARGV[3], cjson.encode({type = 'stop', replyId = replyId}))
return 1`);

const frameEvents = [
  'message:created',
  'generation:started',
  'generation:delta',
  'generation:completed',
  'autopilot:completed',
  'generation:failed',
  'image:updated',
] as const;
type FrameEvent = (typeof frameEvents)[number];

/** What travels on a conversation's channel: a server event for the conversation's sockets. */
export type ConversationFrame = {
  [E in FrameEvent]: { event: E; payload: ServerEventPayload<E> };
}[FrameEvent];

/** A frame as it travels on the channel: the Socket.IO event packet of its event and payload. */
function encodeFrame(frame: ConversationFrame): string {
  return eventPacket(frame.event, frame.payload);
}

/** A run of a reply, as the worker writing it holds it. */
export interface ReplyRun {
  conversationId: string;
  replyId: string;
  /** Identifies this attempt; frames of an older attempt are refused. */
  run: string;
}

/** How a run ended: whether it still held the reply, and whether any screen had its conversation open. */
export interface Ended {
  isFinished: boolean;
  /** False when the final frame reached no server: no socket anywhere watched the conversation. */
  isWatched: boolean;
}

function endedOf(result: unknown): Ended {
  const n = Number(result);
  return { isFinished: n > 0, isWatched: n > 1 };
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
   * second claim while one is in flight is conversation_busy. A send's reply (`isSending`) publishes
   * nothing until `stored` says its message is; a retry, regenerate or autopilot answers stored text.
   */
  async claim(
    conversationId: string,
    replyId: string,
    {
      kind = 'reply',
      isSending = false,
    }: { kind?: 'reply' | 'autopilot'; isSending?: boolean } = {},
  ): Promise<void> {
    const claimed = await claimScript.run(
      this.redis,
      [this.keys.inflight(conversationId)],
      [replyId, ttlSeconds, kind, isSending ? '0' : '1'],
    );
    if (claimed !== 1) throw new AppError('conversation_busy');
  }

  /** Releases the claim if it still belongs to the reply (a send that failed before its job ran). */
  async release(conversationId: string, replyId: string): Promise<void> {
    await releaseScript.run(
      this.redis,
      [this.keys.inflight(conversationId), this.keys.inflightText(conversationId)],
      [replyId, this.keys.controlChannel],
    );
  }

  /**
   * The send's message is stored: tells the conversation's sockets (message:created) and lets its reply
   * be published, at once if its run has started.
   */
  async stored(conversationId: string, replyId: string, message: Message): Promise<void> {
    const frame: ConversationFrame = {
      event: 'message:created',
      payload: { conversationId, message },
    };
    await storedScript.run(
      this.redis,
      [
        this.keys.inflight(conversationId),
        this.keys.inflightText(conversationId),
        this.keys.conversationChannel(conversationId),
      ],
      [replyId, encodeFrame(frame), conversationId],
    );
  }

  /** The reply in flight in a conversation, with the text published so far and its seq, if any. */
  async read(conversationId: string): Promise<PendingReply | null> {
    const [[, hash] = [], [, text] = []] =
      (await this.redis
        .multi()
        .hgetall(this.keys.inflight(conversationId))
        .getBuffer(this.keys.inflightText(conversationId))
        .exec()) ?? [];
    if (!isRecord(hash) || typeof hash.replyId !== 'string') return null;
    // Text a worker appended but has not published yet comes with the next delta.
    const sent = Number(hash.sent ?? 0);
    return {
      messageId: hash.replyId,
      text: Buffer.isBuffer(text) ? text.subarray(0, sent).toString('utf8') : '',
      seq: Number(hash.seq),
      ...(hash.kind === 'autopilot' ? { isAutopilot: true } : {}),
      // A group chat's reply names its speaker, so a client that joins mid-reply labels it.
      ...(typeof hash.speakerId === 'string' && hash.speakerId !== ''
        ? { speakerId: hash.speakerId }
        : {}),
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
      [this.keys.inflight(conversationId)],
      [ttlSeconds, this.keys.stop(conversationId, ''), this.keys.controlChannel],
    );
  }

  /** Tells every socket of the conversation, on any server, about a frame outside a run. */
  async publish(conversationId: string, frame: ConversationFrame): Promise<void> {
    await this.redis.spublish(this.keys.conversationChannel(conversationId), encodeFrame(frame));
  }

  // ---- the worker's side ------------------------------------------------------------------------

  /** Starts a run of the reply (see startScript); `speakerId` names a group chat's speaking member. */
  async start(r: ReplyRun, speakerId?: string): Promise<StartResult> {
    const reply = await startScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
        this.keys.stop(r.conversationId, r.replyId),
      ],
      [r.replyId, r.run, ttlSeconds, r.conversationId, speakerId ?? ''],
    );
    if (!Array.isArray(reply) || reply[0] === 0) return { status: 'busy' };
    if (reply[0] === 2) return { status: 'gone' };
    return { status: 'started', seq: Number(reply[1]), isStopRequested: reply[2] === 1 };
  }

  /** Whether the run still holds its reply (not released, not taken over by a newer run). */
  async owns(r: ReplyRun): Promise<boolean> {
    return (await this.redis.hget(this.keys.inflight(r.conversationId), 'run')) === r.run;
  }

  /**
   * Where the message the run answers stands: stored, still being stored, or gone (the send was undone
   * or a newer run took the reply over).
   */
  async messageState(r: ReplyRun): Promise<'stored' | 'storing' | 'gone'> {
    const [run, stored] = await this.redis.hmget(
      this.keys.inflight(r.conversationId),
      'run',
      'stored',
    );
    if (run !== r.run) return 'gone';
    return stored === '1' ? 'stored' : 'storing';
  }

  /**
   * Appends text to the reply unless a newer run took it over; published as the next delta once the
   * message it answers is stored (until then it waits in Redis and goes out with the mark).
   */
  async delta(r: ReplyRun, text: string): Promise<void> {
    await deltaScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
      ],
      [r.run, text, ttlSeconds, r.conversationId, r.replyId],
    );
  }

  /**
   * Ends the run with its final frame (completed or failed) and frees the conversation; answers
   * whether the run still held the reply (a run taken over by a newer one ends without a word) and
   * whether anyone watched the conversation as it ended.
   */
  async finish(r: ReplyRun, frame: ConversationFrame): Promise<Ended> {
    const ended = await finishScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
      ],
      [r.run, encodeFrame(frame)],
    );
    return endedOf(ended);
  }

  /**
   * Ends an autopilot run with its draft, which waits for the message box until sent or discarded;
   * answers as `finish` does.
   */
  async finishDraft(
    r: ReplyRun,
    frame: { event: 'autopilot:completed'; payload: ServerEventPayload<'autopilot:completed'> },
  ): Promise<Ended> {
    const { draftId, text, isStopped } = frame.payload;
    const ended = await finishDraftScript.run(
      this.redis,
      [
        this.keys.inflight(r.conversationId),
        this.keys.inflightText(r.conversationId),
        this.keys.conversationChannel(r.conversationId),
        this.keys.autopilotDraft(r.conversationId),
      ],
      [
        r.run,
        encodeFrame(frame),
        JSON.stringify({ draftId, text, isStopped } satisfies AutopilotDraft),
        draftTtlSeconds,
      ],
    );
    return endedOf(ended);
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
      [replyId, encodeFrame(frame)],
    );
    return done === 1;
  }
}

/**
 * A server's subscriptions to the channels of the conversations its sockets watch, reference-counted on
 * one dedicated connection, so tokens reach only the servers that deliver them (performance.md, trap 2).
 * The channels are sharded (SSUBSCRIBE): on a cluster a frame travels only within the shard owning the
 * conversation's slot. Frames are our own workers' and are not validated again here (trap 10): one is
 * handed on, as the packet it is, if it names an event of ours.
 */
export class FrameSubscriber {
  private readonly counts = new Map<string, number>();
  private readonly keys: RedisKeys;

  constructor(
    private readonly subscriber: Redis,
    prefix: string,
    onFrame: (conversationId: string, packet: string) => void,
  ) {
    this.keys = redisKeys(prefix);
    subscriber.on('smessage', (channel: string, packet: string) => {
      const conversationId = this.keys.conversationOfChannel(channel);
      if (conversationId !== undefined && isFramePacket(packet)) onFrame(conversationId, packet);
    });
  }

  /** Subscribes on first interest; resolves once Redis confirms, so no later frame is missed. */
  async add(conversationId: string): Promise<void> {
    const n = this.counts.get(conversationId) ?? 0;
    this.counts.set(conversationId, n + 1);
    if (n === 0) await this.subscriber.ssubscribe(this.keys.conversationChannel(conversationId));
  }

  async remove(conversationId: string): Promise<void> {
    const n = this.counts.get(conversationId) ?? 0;
    if (n <= 1) {
      this.counts.delete(conversationId);
      if (n === 1)
        await this.subscriber.sunsubscribe(this.keys.conversationChannel(conversationId));
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

/** Whether a packet is an event packet of a frame event: its event name is read, nothing more (trap 10). */
function isFramePacket(packet: string): boolean {
  const event = eventOfPacket(packet);
  return event !== undefined && knownEvents.has(event);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
