/**
 * The `autopilot` job (issue 11, item 9): the model writes the user's next turn, as their persona, in
 * answer to the last reply. It runs on the reply's path (reply-state's run, frames and stop flag, the
 * ReplyStream, the same provider and settings), so the draft streams, types and stops like a reply; it
 * ends in `autopilot:completed` with the text for the message box instead of a stored message.
 */
import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import type { AutopilotJob } from '#shared/jobs/generation';
import * as generationSettings from '#server/db/repositories/generation-settings.repo';
import * as messages from '#server/db/repositories/messages.repo';
import { AppError } from '#server/lib/errors';
import type { ReplyRun } from '#server/lib/reply-state';
import { ReplyStream } from '../lib/reply-stream';
import { handBackReason, stopReason } from '../lib/stop-registry';
import { generateRouted } from './own-key';
import { buildAutopilotPrompt } from './prompt/autopilot-prompt';
import { promptUserOf } from './prompt/prompt-user';
import {
  handedBack,
  historyWindow,
  publicError,
  silenceWatchdog,
  timeoutReason,
  type ReplyDeps,
} from './reply.processor';
import { replySettingsOf } from './reply-settings';

export async function processAutopilot(deps: ReplyDeps, job: AutopilotJob): Promise<void> {
  const run: ReplyRun = {
    conversationId: job.conversationId,
    replyId: job.replyId,
    run: randomUUID(),
  };
  const controller = deps.stops.register(job.replyId);
  const watchdog = silenceWatchdog(controller, deps.timeoutMs);
  try {
    const [started, branch, character, owner] = await Promise.all([
      deps.replies.start(run),
      messages.branchEndingAt(deps.db, job.afterMessageId, historyWindow),
      deps.characters.get(job.characterId),
      generationSettings.replyOwnerOf(deps.db, {
        userId: job.userId,
        conversationId: job.conversationId,
        personaId: null,
      }),
    ]);
    const settings = replySettingsOf(deps, owner, deps.provider.contextSize);
    const user = promptUserOf(owner);
    if (started.status === 'busy') throw new AppError('conversation_busy');
    if (started.status === 'gone') return;
    if (started.isStopRequested) controller.abort(stopReason);
    // The reply answered was removed meanwhile: there is nothing to answer.
    if (branch.length === 0) throw new AppError('nothing_to_autopilot');
    if (!character) throw new AppError('character_not_found');

    const prompt = buildAutopilotPrompt({
      character,
      ...user,
      intent: job.intent,
      history: branch
        .filter((m) => m.content !== '')
        .map((m) => ({ role: m.role, content: m.content })),
      contextSize: settings.contextSize,
      maxTokens: settings.maxTokens,
      countTokens: (text) => deps.provider.countTokens(text),
    });
    const stream = new ReplyStream((text) => deps.replies.delta(run, text));
    const { result } = controller.signal.aborted
      ? { result: { text: '', tokenCount: 0, stopReason: 'abort' as const } }
      : await generateRouted(deps, owner?.ownKey ?? null, job.conversationId, {
          messages: prompt.messages,
          maxTokens: settings.maxTokens,
          temperature: settings.sampling.temperature,
          topP: settings.sampling.topP,
          topK: settings.sampling.topK,
          model: settings.model.upstreamModel,
          signal: controller.signal,
          onText: (chunk) => {
            watchdog.touch();
            stream.push(chunk);
          },
        });
    watchdog.stop();
    if (controller.signal.reason === timeoutReason) throw new AppError('model_timeout');
    if (controller.signal.reason === handBackReason) return await handedBack();
    const text = result.text.trim();
    const isStopped = result.stopReason === 'abort';
    if (text === '' && !isStopped) {
      throw new AppError('generation_failed', { message: 'The model returned an empty draft.' });
    }
    await stream.flush();
    await deps.replies.finishDraft(run, {
      event: 'autopilot:completed',
      payload: { conversationId: job.conversationId, draftId: job.replyId, text, isStopped },
    });
  } catch (err) {
    watchdog.stop();
    const error = err instanceof AppError ? err : new AppError('generation_failed', { cause: err });
    deps.log.error(
      {
        conversationId: job.conversationId,
        draftId: job.replyId,
        code: error.code,
        err: error.cause ?? error,
        details: error.details,
      },
      'autopilot failed',
    );
    const frame = {
      event: 'generation:failed' as const,
      payload: {
        conversationId: job.conversationId,
        messageId: job.replyId,
        error: publicError(error),
      },
    };
    if (error.code === 'conversation_busy') await deps.replies.publish(job.conversationId, frame);
    else await deps.replies.finish(run, frame);
    throw new UnrecoverableError(`${error.code}: ${error.message}`);
  } finally {
    deps.stops.unregister(job.replyId);
  }
}
