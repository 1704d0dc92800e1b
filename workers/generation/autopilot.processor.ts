/**
 * The `autopilot` job (issue 11, item 9): the model writes the user's next turn, as their persona, in
 * answer to the last reply. It is a run like a reply's (reply-run.ts: the same frames, stop, provider
 * and settings), so the draft streams, types and stops like a reply; it ends in `autopilot:completed`
 * with the text for the message box instead of a stored message.
 */
import type { AutopilotJob } from '#shared/jobs/generation';
import * as generationSettings from '#server/db/repositories/generation-settings.repo';
import * as messages from '#server/db/repositories/messages.repo';
import { AppError } from '#server/lib/errors';
import { buildAutopilotPrompt } from './prompt/autopilot-prompt';
import { promptUserOf } from './prompt/prompt-user';
import { historyWindow, type ReplyDeps } from './reply.processor';
import { runReply, type RunPrompt } from './reply-run';
import { replySettingsOf } from './reply-settings';

export async function processAutopilot(deps: ReplyDeps, job: AutopilotJob): Promise<void> {
  await runReply(deps, job, {
    what: 'autopilot',
    answersSend: false,
    prompt: () => autopilotPromptOf(deps, job),
    keep: (_, { text, isStopped }) =>
      Promise.resolve({
        event: 'autopilot:completed',
        payload: { conversationId: job.conversationId, draftId: job.replyId, text, isStopped },
      }),
  });
}

/** The user's turn as their persona writes it, in answer to the branch ending at the last reply. */
async function autopilotPromptOf(deps: ReplyDeps, job: AutopilotJob): Promise<RunPrompt> {
  const [branch, character, owner] = await Promise.all([
    messages.branchEndingAt(deps.db, job.afterMessageId, historyWindow),
    deps.characters.get(job.characterId),
    generationSettings.replyOwnerOf(deps.db, {
      userId: job.userId,
      conversationId: job.conversationId,
      personaId: null,
    }),
  ]);
  // The reply answered was removed meanwhile: there is nothing to answer.
  if (branch.length === 0) throw new AppError('nothing_to_autopilot');
  if (!character) throw new AppError('character_not_found');
  const settings = replySettingsOf(deps, owner, deps.provider.contextSize);
  const prompt = buildAutopilotPrompt({
    character,
    ...promptUserOf(owner),
    intent: job.intent,
    history: branch
      .filter((m) => m.content !== '')
      .map((m) => ({ role: m.role, content: m.content })),
    contextSize: settings.contextSize,
    maxTokens: settings.maxTokens,
    countTokens: (text) => deps.provider.countTokens(text),
  });
  return { messages: prompt.messages, settings, ownKey: owner?.ownKey ?? null };
}
