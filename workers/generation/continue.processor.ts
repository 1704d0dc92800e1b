/**
 * The `continue` job (issue 28, item 3): the model goes on from the last reply where it stopped. It is
 * a run like a reply's (reply-run.ts: the same frames, stop, provider and settings); its prompt is the
 * reply's, the branch ending at the reply, with a last instruction to go on without repeating, and
 * what it writes is appended to that same message, which `generation:completed` then carries.
 */
import type { ContinueJob } from '#shared/jobs/generation';
import { continuationSuffix } from '#shared/rules/continue-reply';
import * as messages from '#server/db/repositories/messages.repo';
import { replyContextOf } from '#server/db/repositories/reply-context.repo';
import { AppError } from '#server/lib/errors';
import { buildPrompt } from './prompt/build-prompt';
import { loreEntriesFor } from './prompt/lore-entries';
import { promptUserOf } from './prompt/prompt-user';
import { historyWindow, unpinnedMemoryWindow, type ReplyDeps } from './reply.processor';
import { runReply, type RunPrompt } from './reply-run';
import { replySettingsOf } from './reply-settings';

/** The last turn of a Continue's prompt: what the model is asked to do with its own cut-off reply. */
export const continueInstruction =
  '[Continue your last message from exactly where it stopped. Do not repeat any of it.]';

export async function processContinue(deps: ReplyDeps, job: ContinueJob): Promise<void> {
  await runReply(deps, job, {
    what: 'reply',
    answersSend: false,
    prompt: () => continuePromptOf(deps, job),
    keep: async (_, { text, isStopped }) => {
      const message = await messages.appendToReply(deps.db, {
        id: job.messageId,
        conversationId: job.conversationId,
        suffix: continuationSuffix(text),
        isStopped,
      });
      if (message === undefined) throw new AppError('nothing_to_continue');
      return {
        event: 'generation:completed',
        payload: { conversationId: job.conversationId, message, replyId: job.replyId },
      };
    },
  });
}

async function continuePromptOf(deps: ReplyDeps, job: ContinueJob): Promise<RunPrompt> {
  const [branch, character, books, card, context] = await Promise.all([
    messages.branchEndingAt(deps.db, job.messageId, historyWindow),
    deps.characters.get(job.characterId),
    deps.characters.lorebooks(job.characterId),
    deps.characters.card(job.characterId),
    replyContextOf(deps.db, {
      userId: job.userId,
      conversationId: job.conversationId,
      personaId: null,
      unpinnedMemories: unpinnedMemoryWindow,
      isGuestStart: false,
    }),
  ]);
  // The reply was removed meanwhile: there is nothing to go on from.
  if (branch.at(-1)?.role !== 'bot') throw new AppError('nothing_to_continue');
  if (!character) throw new AppError('character_not_found');
  const { owner } = context;
  const settings = replySettingsOf(deps, owner, deps.provider.contextSize);
  const countTokens = (text: string) => deps.provider.countTokens(text);
  const history = branch
    .filter((m) => m.content !== '')
    .map((m) => ({ role: m.role, content: m.content }));
  const built = buildPrompt({
    character,
    card: card.prompt,
    ...promptUserOf(owner),
    memories: context.memories,
    lorebookEntries: loreEntriesFor(books, history, countTokens),
    history: [...history, { role: 'user', content: continueInstruction }],
    contextSize: settings.contextSize,
    maxTokens: settings.maxTokens,
    countTokens,
  });
  return { messages: built.messages, settings, ownKey: owner?.ownKey ?? null };
}
