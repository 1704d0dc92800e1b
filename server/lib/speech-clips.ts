/**
 * The speech clips being spoken (issue 26 item 1), the one module reading and writing their Redis
 * streams (docs/style.md, "Ownership"). A clip's stream holds `queued`, then its audio chunks as the
 * worker gets them, then `done` or `failed` with the reason; listeners read it from the start, so
 * playback begins with the first chunk and any number of listeners share one job. A stream outlives
 * its end briefly; the finished clip is then served from the storage (speech.service.ts).
 */
import { redisKeys } from './redis-keys';
import { RedisScript, type Redis } from './redis';

/** A stream nobody writes to for this long is dropped (its job died with its worker). */
const idleTtlSeconds = 120;
/** How long an ended stream is kept for listeners still reading it. */
const endedTtlSeconds = 60;

/** One thing that happened to a clip, in order. */
export type ClipEvent =
  | { kind: 'queued' }
  | { kind: 'audio'; bytes: Buffer }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * Opens a clip's stream unless one is live: absent, or ended in failure (a retry), it is replaced by a
 * fresh `queued` stream and 1 is answered, so the caller adds the job. KEYS: stream. ARGV: ttl.
 */
const claimScript = new RedisScript(`
local last = redis.call('xrevrange', KEYS[1], '+', '-', 'COUNT', 1)[1]
if last and last[2][2] ~= 'failed' then return 0 end
redis.call('del', KEYS[1])
redis.call('xadd', KEYS[1], '*', 'k', 'queued', 'b', '')
redis.call('expire', KEYS[1], ARGV[1])
return 1`);

export class SpeechClips {
  private readonly keys;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  /** Opens the clip's stream; true when the caller should queue its job (none live). */
  async claim(clipId: string): Promise<boolean> {
    const opened = await claimScript.run(
      this.redis,
      [this.keys.speechClip(clipId)],
      [idleTtlSeconds],
    );
    return opened === 1;
  }

  /** Appends a chunk of audio. */
  async append(clipId: string, bytes: Buffer): Promise<void> {
    await this.add(clipId, 'audio', bytes, idleTtlSeconds);
  }

  async finish(clipId: string): Promise<void> {
    await this.add(clipId, 'done', '', endedTtlSeconds);
  }

  /** Ends the clip in failure; the next claim starts it again. */
  async fail(clipId: string, message: string): Promise<void> {
    await this.add(clipId, 'failed', message, endedTtlSeconds);
  }

  /** Drops a claim whose job could not be queued. */
  async drop(clipId: string): Promise<void> {
    await this.redis.del(this.keys.speechClip(clipId));
  }

  /** The clip's events after `afterId` ('0' for all), with the id to read on from. */
  async read(clipId: string, afterId: string): Promise<{ events: ClipEvent[]; lastId: string }> {
    const start = afterId === '0' ? '-' : `(${afterId}`;
    const entries = await this.redis.xrangeBuffer(this.keys.speechClip(clipId), start, '+');
    let lastId = afterId;
    const events: ClipEvent[] = [];
    for (const [id, fields] of entries) {
      lastId = id.toString();
      const kind = fields[1]?.toString();
      const body = fields[3] ?? Buffer.alloc(0);
      if (kind === 'audio') events.push({ kind, bytes: body });
      else if (kind === 'failed') events.push({ kind, message: body.toString() });
      else if (kind === 'queued' || kind === 'done') events.push({ kind });
    }
    return { events, lastId };
  }

  private async add(clipId: string, kind: string, body: Buffer | string, ttl: number) {
    const key = this.keys.speechClip(clipId);
    await this.redis.multi().xadd(key, '*', 'k', kind, 'b', body).expire(key, ttl).exec();
  }
}
