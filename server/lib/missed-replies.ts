/**
 * Replies a member missed (issue 25 item 6, kind missed_reply): a reply that finished while no socket
 * anywhere watched its conversation (reply-state.ts `finish`) is marked here and its notice job is
 * queued with the configured delay; opening the conversation (conversation:join) clears the mark, so
 * the job finds nothing to tell. The one module that reads and writes the mark.
 */
import type { Queue } from 'bullmq';
import { missedReplyJobId } from '#shared/jobs/notifications';
import { enqueue } from './queues';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

/** How long a mark outlives its job's delay: a job retried with backoff still finds it. */
const markSlackSeconds = 86_400;

export interface MissedRepliesDeps {
  redis: Redis;
  prefix: string;
  notifications: Queue;
  delaySeconds: number;
}

/** Marks the conversation's reply as missed and queues its notice after the delay. */
export async function noteMissedReply(
  deps: MissedRepliesDeps,
  reply: { conversationId: string; replyId: string },
): Promise<void> {
  await deps.redis.set(
    redisKeys(deps.prefix).missedReply(reply.conversationId),
    reply.replyId,
    'EX',
    deps.delaySeconds + markSlackSeconds,
  );
  await enqueue(deps.notifications, 'missed-reply', reply, {
    jobId: missedReplyJobId(reply),
    delay: deps.delaySeconds * 1000,
  });
}

/** The member opened the conversation: nothing in it is missed any more. */
export async function clearMissedReplies(
  redis: Redis,
  prefix: string,
  conversationId: string,
): Promise<void> {
  await redis.del(redisKeys(prefix).missedReply(conversationId));
}

/** The newest missed reply of the conversation still unseen, if any. */
export async function missedReplyOf(
  redis: Redis,
  prefix: string,
  conversationId: string,
): Promise<string | null> {
  return redis.get(redisKeys(prefix).missedReply(conversationId));
}
