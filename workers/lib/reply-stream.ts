/**
 * Publishes one reply's frames for its conversation: token chunks coalesced into frames of about 50 ms
 * (docs/performance.md, trap 3), the text so far kept in Redis so a reloading client resumes, and a
 * final frame that releases the conversation.
 */
import type { ConversationFrame } from '#shared/realtime/frames';
import type { Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';

export const frameIntervalMs = 50;
/** A reply in flight keeps its claim alive while frames flow; a crashed worker's claim expires. */
const inflightTtlSeconds = 600;

/** Deletes the in-flight hash only if it still belongs to this reply, then publishes the last frame. */
const finishScript = `
if redis.call('hget', KEYS[1], 'replyId') == ARGV[1] then redis.call('del', KEYS[1]) end
redis.call('publish', KEYS[2], ARGV[2])
return 1`;

export class ReplyStream {
  private text = '';
  private pending = '';
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly key: string;
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly conversationId: string,
    private readonly replyId: string,
    private readonly intervalMs = frameIntervalMs,
  ) {
    this.key = redisKeys(prefix).inflight(conversationId);
    this.channel = redisKeys(prefix).conversationChannel(conversationId);
  }

  async start(): Promise<void> {
    await this.redis
      .multi()
      .hset(this.key, 'replyId', this.replyId, 'text', '', 'seq', '0')
      .expire(this.key, inflightTtlSeconds)
      .publish(
        this.channel,
        this.frame({
          event: 'generation:started',
          payload: { conversationId: this.conversationId, messageId: this.replyId },
        }),
      )
      .exec();
  }

  /** Adds model text; the first chunk goes out at once, later ones at most every interval. */
  push(chunk: string): void {
    if (chunk === '') return;
    this.pending += chunk;
    if (this.seq === 0 && this.timer === undefined) {
      this.schedule(0);
    } else if (this.timer === undefined) {
      this.schedule(this.intervalMs);
    }
  }

  /** Flushes what is pending, then publishes the final frame and releases the conversation. */
  async finish(frame: ConversationFrame): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.enqueueFlush();
    await this.flushing;
    await this.redis.eval(finishScript, 2, this.key, this.channel, this.replyId, this.frame(frame));
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.enqueueFlush();
    }, delay);
  }

  private enqueueFlush(): void {
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    this.seq += 1;
    this.text += chunk;
    const seq = this.seq;
    const text = this.text;
    const frame = this.frame({
      event: 'generation:delta',
      payload: { conversationId: this.conversationId, messageId: this.replyId, seq, text: chunk },
    });
    this.flushing = this.flushing.then(async () => {
      await this.redis
        .multi()
        .hset(this.key, 'text', text, 'seq', String(seq))
        .expire(this.key, inflightTtlSeconds)
        .publish(this.channel, frame)
        .exec();
    });
  }

  private frame(frame: ConversationFrame): string {
    return JSON.stringify(frame);
  }
}
