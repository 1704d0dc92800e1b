/**
 * The `reply` and `regenerate` jobs: a reply to the user's message (after a send, a retry or a
 * regenerate) or a group chat member's turn, run by reply-run.ts; this file reads and builds its
 * prompt and stores what it wrote (docs/architecture.md, "The chat path"). Before the model is called
 * it reads at most its history and its context, at once (its chatbot and lorebooks are cached, and a
 * guest's new conversation reads nothing); it never waits for the server to store the message it
 * answers (docs/performance.md, trap 7). A group member's reply adds its voice and may take the
 * round's next turn (workers/group-turns/group-reply.ts).
 */
import type { Queue } from 'bullmq';
import type { ReplyJob } from '#shared/jobs/generation';
import type { RegistryModel } from '#shared/schemas/inference-model';
import type { CharacterCache } from '#server/db/character-cache';
import type { Db } from '#server/db/database';
import * as messages from '#server/db/repositories/messages.repo';
import * as ownKeys from '#server/db/repositories/own-keys.repo';
import { replyContextOf } from '#server/db/repositories/reply-context.repo';
import { AppError } from '#server/lib/errors';
import type { GroupRounds } from '#server/lib/group-rounds';
import type { Logger } from '#server/lib/log';
import type { Redis } from '#server/lib/redis';
import { noteMissedReply } from '#server/lib/missed-replies';
import type { Ended, ReplyRun, ReplyState, StartResult } from '#server/lib/reply-state';
import {
  chainNextTurn,
  readGroupReply,
  voiceOf,
  type GroupReply,
  type HistoryTurn,
} from '../group-turns/group-reply';
import { recordReplyTiming } from '../lib/reply-metrics';
import type { StopRegistry } from '../lib/stop-registry';
import { newestLeftOut, queueMemory } from '../memory/queue-memory';
import type { ModelProvider } from '../providers/provider';
import type { OwnKeyDeps } from './own-key';
import { buildPrompt, type BuiltPrompt } from './prompt/build-prompt';
import { loreEntriesFor } from './prompt/lore-entries';
import { promptUserOf } from './prompt/prompt-user';
import { keepReplyPrompt } from './reply-prompt';
import {
  messageWaitMs,
  runReply,
  sleep,
  type FinalFrame,
  type RunPrompt,
  type RunResult,
} from './reply-run';
import { replySettingsOf } from './reply-settings';

export interface ReplyDeps extends OwnKeyDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  replies: ReplyState;
  characters: CharacterCache;
  provider: ModelProvider;
  stops: StopRegistry;
  log: Logger;
  /** The operator's inference models (server/lib/model-registry.ts). */
  models: readonly RegistryModel[];
  /** The operator's sampling for members who chose none. */
  maxTokens: number;
  temperature: number;
  /** Longest silence from the model before the reply fails with model_timeout. */
  timeoutMs: number;
  /** The generation queue, for the memory job a reply whose prompt left turns out adds. */
  generation: Queue;
  /** Group chats' rounds, for the next turn a reply chains. */
  rounds: GroupRounds;
  /** The notifications queue, for the mail about a member's reply that finished unwatched. */
  notifications: Queue;
  /** How long a missed reply waits before it is mailed (NOTIFY_EMAIL_DELAY_SECONDS). */
  notifyDelaySeconds: number;
}

/** How many messages of the branch are read to fill the prompt; the budget trims them further. */
export const historyWindow = 200;
/** Unpinned memories read for the prompt, newest first; the budget trims them further. */
export const unpinnedMemoryWindow = 50;

/** A reply's prompt with what storing it and what follows need. */
interface ReplyPrompt extends RunPrompt {
  built: BuiltPrompt;
  history: HistoryTurn[];
  group: GroupReply | null;
}

export async function processReply(deps: ReplyDeps, job: ReplyJob): Promise<void> {
  await runReply(deps, job, {
    what: 'reply',
    speakerId: job.group?.speakerId,
    answersSend: job.sent !== undefined,
    prompt: (starting, run) => replyPromptOf(deps, job, starting, run),
    keep: (prompt, written) => storeReply(deps, job, prompt, written),
    after: (prompt, written, ended) => afterReply(deps, job, prompt, written, ended),
  });
}

/** Reads what the reply answers and who writes it, and builds its prompt; null: the send was undone. */
async function replyPromptOf(
  deps: ReplyDeps,
  job: ReplyJob,
  starting: Promise<StartResult>,
  run: ReplyRun,
): Promise<ReplyPrompt | null> {
  // In a group chat the speaking member answers in its own voice, with its own lorebooks and card.
  const speakerId = job.group?.speakerId ?? job.characterId;
  const [history, speaker, books, card, context, group] = await Promise.all([
    historyOf(deps, job, run, starting),
    deps.characters.get(speakerId),
    deps.characters.lorebooks(speakerId),
    deps.characters.card(speakerId),
    replyContextOf(deps.db, {
      userId: job.userId,
      conversationId: job.conversationId,
      personaId: job.sent?.start?.personaId ?? null,
      unpinnedMemories: unpinnedMemoryWindow,
      isGuestStart: job.isGuest === true && job.sent?.start !== undefined,
    }),
    readGroupReply(deps, job),
  ]);
  if (history === null) return null;
  if (!speaker) throw new AppError('character_not_found');
  const { owner } = context;
  const settings = replySettingsOf(deps, owner, deps.provider.contextSize);
  const countTokens = (text: string) => deps.provider.countTokens(text);
  const built = buildPrompt({
    ...voiceOf(group, speaker, history),
    card: card.prompt,
    ...promptUserOf(owner),
    memories: context.memories,
    lorebookEntries: loreEntriesFor(books, history, countTokens),
    contextSize: settings.contextSize,
    maxTokens: settings.maxTokens,
    countTokens,
  });
  return {
    messages: built.messages,
    settings,
    ownKey: owner?.ownKey ?? null,
    built,
    history,
    group,
  };
}

/**
 * Stores the reply once with its timing, even when stopped before the first word (empty: the chat
 * shows it was stopped), then the prompt it was written from, which refers to it, and its route.
 */
async function storeReply(
  deps: ReplyDeps,
  job: ReplyJob,
  prompt: ReplyPrompt,
  written: RunResult,
): Promise<FinalFrame> {
  const { timing } = written;
  const reply = await messages.storeReply(
    deps.db,
    {
      id: job.replyId,
      conversation_id: job.conversationId,
      prev_id: job.userMessageId,
      role: 'bot',
      content: written.text,
      is_stopped: written.isStopped,
      queue_wait_ms: timing.queueWaitMs,
      first_token_ms: timing.firstTokenMs,
      token_count: written.tokenCount,
      tokens_per_second: timing.tokensPerSecond,
      sub_character_id: job.group?.speakerId ?? null,
    },
    job.characterId,
  );
  await keepReplyPrompt(deps, job, prompt.settings, prompt.built);
  if (written.route !== null) await ownKeys.saveRoute(deps.db, job.replyId, written.route);
  return {
    event: 'generation:completed',
    payload: { conversationId: job.conversationId, message: reply },
  };
}

/**
 * Once the reply is out: a group's next turn, the note of a member's reply nobody watched (its mail),
 * the pool's timing metrics and the memory job.
 */
async function afterReply(
  deps: ReplyDeps,
  job: ReplyJob,
  prompt: ReplyPrompt,
  written: RunResult,
  { isFinished, isWatched }: Ended,
): Promise<void> {
  // The round's next turn is taken the moment the reply is done (issue 12 §9); a run taken over by a
  // newer one leaves the turn to that run, and a stopped reply ends the round.
  if (prompt.group !== null && isFinished && !written.isStopped) {
    await chainNextTurn(deps, job, prompt.group, prompt.history, written.text);
  }
  if (isFinished && !isWatched && job.isGuest !== true && written.text !== '') {
    await noteMissed(deps, job);
  }
  await recordReplyTiming(deps.redis, deps.prefix, written.timing);
  await queueAutoMemory(
    deps,
    job,
    newestLeftOut(
      prompt.history,
      prompt.built.report.leftOut.turns,
      prompt.settings.hasAutoMemories,
    ),
  );
  deps.log.debug(
    { conversationId: job.conversationId, replyId: job.replyId, ...written.timing },
    'reply stored',
  );
}

/**
 * The branch ending at the user's message. The server queues the job while it stores the message
 * (server/services/turns/), so the first read may miss: it is read again, briefly backing off, while
 * the run holds the reply. Null when the send was undone (the claim released) or the message never
 * came.
 */
async function branchOf(
  deps: ReplyDeps,
  job: ReplyJob,
  run: ReplyRun,
  starting: Promise<StartResult>,
): Promise<Awaited<ReturnType<typeof messages.branchEndingAt>> | null> {
  const deadline = Date.now() + messageWaitMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 100)) {
    const branch = await messages.branchEndingAt(deps.db, job.userMessageId, historyWindow);
    if (branch.length > 0) return branch;
    if ((await starting).status !== 'started' || Date.now() > deadline) return null;
    await sleep(wait);
    if (!(await deps.replies.owns(run))) return null;
  }
}

const turnOf = (m: {
  id: string;
  role: 'user' | 'bot';
  content: string;
  subCharacterId: string | null;
}): HistoryTurn => ({
  id: m.id,
  role: m.role,
  content: m.content,
  speakerId: m.subCharacterId,
});

/**
 * The turns the reply answers, ending with the user's message. A send carries its message (a new
 * conversation its greeting too), so nothing waits for the server to store them: an existing
 * conversation's history is the branch at its head, plus the message when the read came before its
 * insert. A retry or a regenerate answers a stored message. Null when there is nothing to answer.
 */
async function historyOf(
  deps: ReplyDeps,
  job: ReplyJob,
  run: ReplyRun,
  starting: Promise<StartResult>,
): Promise<HistoryTurn[] | null> {
  const { sent } = job;
  let turns: HistoryTurn[];
  if (sent === undefined) {
    const branch = await branchOf(deps, job, run, starting);
    if (branch === null) return null;
    turns = branch.map(turnOf);
  } else if (sent.start !== undefined) {
    const { greeting } = sent.start;
    turns = [
      ...(greeting === null ? [] : [{ id: null, role: 'bot' as const, content: greeting }]),
      { id: job.userMessageId, role: 'user', content: sent.content },
    ];
  } else {
    const branch = await messages.branchAtHead(deps.db, job.conversationId, historyWindow);
    turns = branch.map(turnOf);
    if (branch.at(-1)?.id !== job.userMessageId)
      turns.push({ id: job.userMessageId, role: 'user', content: sent.content });
  }
  // A reply stopped before its first word is stored empty; it tells the model nothing.
  return turns.filter((t) => t.content !== '');
}

/** Notes a member's reply that finished unwatched; a failure is logged and never fails the reply. */
async function noteMissed(deps: ReplyDeps, job: ReplyJob): Promise<void> {
  try {
    await noteMissedReply(
      {
        redis: deps.redis,
        prefix: deps.prefix,
        notifications: deps.notifications,
        delaySeconds: deps.notifyDelaySeconds,
      },
      { conversationId: job.conversationId, replyId: job.replyId },
    );
  } catch (err) {
    deps.log.warn({ err, conversationId: job.conversationId }, 'missed reply not noted');
  }
}

/** Adds the memory job for turns the prompt left out; a failure is logged and never fails the reply. */
async function queueAutoMemory(
  deps: ReplyDeps,
  job: ReplyJob,
  through: { id: string | null } | null,
): Promise<void> {
  if (through === null || through.id === null) return;
  try {
    await queueMemory(deps.generation, {
      conversationId: job.conversationId,
      userId: job.userId,
      characterId: job.characterId,
      throughMessageId: through.id,
    });
  } catch (err) {
    deps.log.warn({ err, conversationId: job.conversationId }, 'memory job not queued');
  }
}
