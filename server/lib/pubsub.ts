/**
 * Conversation frames over Redis pub/sub. Workers publish to a conversation's channel; a server
 * subscribes to that channel only while it holds a socket in the conversation's room, so tokens reach
 * only the servers that deliver them (docs/performance.md, trap 2).
 */
import { ConversationFrameSchema, type ConversationFrame } from '#shared/realtime/frames';
import { PendingReplySchema, type PendingReply } from '#shared/schemas/conversation';
import type { Logger } from './log';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

/** Reference-counted subscriptions to conversation channels on one dedicated connection. */
export class ConversationSubscriber {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
    onFrame: (conversationId: string, frame: ConversationFrame) => void,
  ) {
    const channelPrefix = redisKeys(prefix).conversationChannelPrefix;
    subscriber.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(channelPrefix)) return;
      const parsed = ConversationFrameSchema.safeParse(safeJson(raw));
      if (!parsed.success) {
        this.log.warn({ channel }, 'dropped an invalid conversation frame');
        return;
      }
      onFrame(channel.slice(channelPrefix.length), parsed.data);
    });
  }

  /** Subscribes on first interest; resolves once Redis confirms, so no later frame is missed. */
  async add(conversationId: string): Promise<void> {
    const n = this.counts.get(conversationId) ?? 0;
    this.counts.set(conversationId, n + 1);
    if (n === 0) await this.subscriber.subscribe(this.channel(conversationId));
  }

  async remove(conversationId: string): Promise<void> {
    const n = this.counts.get(conversationId) ?? 0;
    if (n <= 1) {
      this.counts.delete(conversationId);
      if (n === 1) await this.subscriber.unsubscribe(this.channel(conversationId));
    } else {
      this.counts.set(conversationId, n - 1);
    }
  }

  private channel(conversationId: string): string {
    return redisKeys(this.prefix).conversationChannel(conversationId);
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Reads the reply in flight in a conversation, if any. */
export async function readInflight(
  redis: Redis,
  prefix: string,
  conversationId: string,
): Promise<PendingReply | null> {
  const hash = await redis.hgetall(redisKeys(prefix).inflight(conversationId));
  if (hash.replyId === undefined) return null;
  const parsed = PendingReplySchema.safeParse({
    messageId: hash.replyId,
    text: hash.text ?? '',
    seq: Number(hash.seq ?? 0),
  });
  return parsed.success ? parsed.data : null;
}
