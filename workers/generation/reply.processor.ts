/**
 * The `reply` job: load the conversation, build the budgeted prompt, stream from the model, publish
 * frames, store the finished reply once with its timing (docs/architecture.md, "The chat path").
 */
import { UnrecoverableError } from 'bullmq';
import type { ReplyJob } from '#shared/jobs/generation';
import { defaultUserName } from '#shared/rules/macros';
import type { Db } from '#server/db/database';
import { toMessage } from '#server/db/mappers';
import * as characters from '#server/db/repositories/characters.repo';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as messages from '#server/db/repositories/messages.repo';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import type { Redis } from '#server/lib/redis';
import { recordReplyTiming } from '../lib/reply-metrics';
import { ReplyStream } from '../lib/reply-stream';
import { handBackReason, type StopRegistry } from '../lib/stop-registry';
import type { ModelProvider } from '../providers/provider';
import { buildPrompt } from './prompt/build-prompt';

export interface ReplyDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  provider: ModelProvider;
  stops: StopRegistry;
  log: Logger;
  maxTokens: number;
  temperature: number;
  /** Longest silence from the model before the reply fails with model_timeout. */
  timeoutMs: number;
}

/** The abort reason of a model that went silent for longer than the timeout. */
const timeoutReason = 'timeout';

/** How many messages of the branch are read to fill the prompt; the budget trims them further. */
const historyWindow = 200;

/**
 * A reply handed back by a worker shutting down: nothing is stored or published, and the job is never
 * settled here, so its lock lapses and another worker takes it (BullMQ's stalled-job recovery).
 */
function handedBack(): Promise<never> {
  return new Promise<never>(() => undefined);
}

export async function processReply(deps: ReplyDeps, job: ReplyJob): Promise<void> {
  const startedAt = Date.now();
  const stream = new ReplyStream(deps.redis, deps.prefix, job.conversationId, job.replyId);
  const controller = await deps.stops.register(job.replyId);
  let watchdog: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      controller.abort(timeoutReason);
    }, deps.timeoutMs);
  };
  try {
    if (controller.signal.aborted) {
      await stream.finish({
        event: 'generation:stopped',
        payload: { conversationId: job.conversationId, messageId: job.replyId },
      });
      return;
    }
    const [conversation, branch] = await Promise.all([
      conversations.findById(deps.db, job.conversationId),
      messages.branchEndingAt(deps.db, job.userMessageId, historyWindow),
    ]);
    const character =
      conversation && (await characters.findById(deps.db, conversation.character_id));
    if (!conversation || !character) throw new AppError('conversation_not_found');

    const prompt = buildPrompt({
      character,
      userName: defaultUserName,
      history: branch.map((m) => ({ role: m.role, content: m.content })),
      contextSize: deps.provider.contextSize,
      maxTokens: deps.maxTokens,
      countTokens: (text) => deps.provider.countTokens(text),
    });

    await stream.start();
    let firstTokenAt: number | undefined;
    arm();
    const result = await deps.provider.generate({
      messages: prompt.messages,
      maxTokens: deps.maxTokens,
      temperature: deps.temperature,
      signal: controller.signal,
      onText: (chunk) => {
        firstTokenAt ??= Date.now();
        arm();
        stream.push(chunk);
      },
    });
    clearTimeout(watchdog);
    if (controller.signal.reason === timeoutReason) throw new AppError('model_timeout');
    if (controller.signal.reason === handBackReason) return await handedBack();

    const text = result.text.trim();
    const isStopped = result.stopReason === 'abort';
    if (text === '') {
      if (!isStopped)
        throw new AppError('generation_failed', { message: 'The model returned an empty reply.' });
      await stream.finish({
        event: 'generation:stopped',
        payload: { conversationId: job.conversationId, messageId: job.replyId },
      });
      return;
    }

    const finishedAt = Date.now();
    const streamMs = firstTokenAt === undefined ? 0 : finishedAt - firstTokenAt;
    // Stored once: a job run again after a crash finds its reply already there.
    const row =
      (await messages.append(
        deps.db,
        {
          id: job.replyId,
          conversation_id: job.conversationId,
          prev_id: job.userMessageId,
          role: 'bot',
          content: text,
          is_stopped: isStopped,
          queue_wait_ms: Math.max(0, startedAt - job.enqueuedAt),
          first_token_ms: firstTokenAt === undefined ? null : firstTokenAt - startedAt,
          token_count: result.tokenCount,
          tokens_per_second: streamMs > 0 ? (result.tokenCount * 1000) / streamMs : null,
        },
        character.id,
        { once: true },
      )) ?? (await messages.findById(deps.db, job.replyId));
    if (!row) throw new AppError('internal');
    await stream.finish({
      event: 'generation:completed',
      payload: { conversationId: job.conversationId, message: toMessage(row) },
    });
    await recordReplyTiming(deps.redis, deps.prefix, row);
    deps.log.info(
      {
        conversationId: job.conversationId,
        replyId: job.replyId,
        queueWaitMs: row.queue_wait_ms,
        firstTokenMs: row.first_token_ms,
        tokens: row.token_count,
        tokensPerSecond: row.tokens_per_second,
      },
      'reply stored',
    );
  } catch (err) {
    const error = err instanceof AppError ? err : new AppError('generation_failed', { cause: err });
    deps.log.error(
      {
        conversationId: job.conversationId,
        replyId: job.replyId,
        code: error.code,
        err: error.cause ?? error,
      },
      'reply failed',
    );
    await stream.finish({
      event: 'generation:failed',
      payload: {
        conversationId: job.conversationId,
        messageId: job.replyId,
        error: error.toBody(),
      },
    });
    // Interactive replies are never retried by the queue: the user retries.
    throw new UnrecoverableError(`${error.code}: ${error.message}`);
  } finally {
    clearTimeout(watchdog);
    deps.stops.unregister(job.replyId);
  }
}
