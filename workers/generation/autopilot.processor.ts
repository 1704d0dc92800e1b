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
import { stopReason } from '../lib/stop-registry';
import { buildAutopilotPrompt } from './prompt/autopilot-prompt';
import { promptUserOf } from './prompt/prompt-user';
import { failureOf, silenceWatchdog, streamModel } from './model-run';
import { historyWindow, type ReplyDeps } from './reply.processor';
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
    const { result } = await streamModel(deps, {
      ownKey: owner?.ownKey ?? null,
      conversationId: job.conversationId,
      messages: prompt.messages,
      settings,
      controller,
      watchdog,
      stream,
    });
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
    const { error, frame } = failureOf(
      deps.log,
      err,
      { conversationId: job.conversationId, messageId: job.replyId },
      'autopilot',
    );
    if (error.code === 'conversation_busy') await deps.replies.publish(job.conversationId, frame);
    else await deps.replies.finish(run, frame);
    throw new UnrecoverableError(`${error.code}: ${error.message}`);
  } finally {
    deps.stops.unregister(job.replyId);
  }
}
