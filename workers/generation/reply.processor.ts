/**
 * The `reply` job: build the budgeted prompt, stream from the model, publish frames, store the finished
 * reply once with its timing (docs/architecture.md, "The chat path"). Before the model is called it
 * reads at most its history and its context, at once (its chatbot and lorebooks are cached, and a
 * guest's new conversation reads nothing), and calls the model while its run's start is on its way to
 * Redis; it never waits for the server to store the message it answers (docs/performance.md, trap 7).
 */
import { randomUUID } from 'node:crypto';
import { type Queue, UnrecoverableError } from 'bullmq';
import type { ReplyJob } from '#shared/jobs/generation';
import type { RegistryModel } from '#shared/schemas/inference-model';
import type { CharacterCache } from '#server/db/character-cache';
import type { Db } from '#server/db/database';
import * as messages from '#server/db/repositories/messages.repo';
import * as ownKeys from '#server/db/repositories/own-keys.repo';
import { replyContextOf } from '#server/db/repositories/reply-context.repo';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import type { Redis } from '#server/lib/redis';
import type { ReplyRun, ReplyState, StartResult } from '#server/lib/reply-state';
import { recordReplyTiming } from '../lib/reply-metrics';
import { ReplyStream } from '../lib/reply-stream';
import { stopReason, type StopRegistry } from '../lib/stop-registry';
import { newestLeftOut, queueMemory } from '../memory/queue-memory';
import type { ModelProvider } from '../providers/provider';
import { buildPrompt, type PromptTurn } from './prompt/build-prompt';
import type { OwnKeyDeps } from './own-key';
import { loreEntriesFor } from './prompt/lore-entries';
import { failureOf, silenceWatchdog, streamModel } from './model-run';
import { keepReplyPrompt } from './reply-prompt';
import { replySettingsOf } from './reply-settings';
import { promptUserOf } from './prompt/prompt-user';
import { groupVoiceOf, groupHistory, nextTurnOf } from '../group-turns/group-voice';
import { takeTurn } from '../group-turns/group-turn.processor';
import { GroupTurnJobSchema } from '#shared/jobs/group-turns';
import { groupActivityWindow } from '#shared/rules/group-turns';
import type { GroupRounds } from '#server/lib/group-rounds';
import * as groups from '#server/db/repositories/groups.repo';

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
}

/** How many messages of the branch are read to fill the prompt; the budget trims them further. */
export const historyWindow = 200;
/** Unpinned memories read for the prompt, newest first; the budget trims them further. */
const unpinnedMemoryWindow = 50;

/** The longest a reply waits for its user message to be stored (a send whose insert never ends). */
const messageWaitMs = 30_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

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

/**
 * Whether the message a send's reply answers is stored, so the reply can be stored after it. The model
 * is called while the server stores the message, and the server marks it stored in Redis
 * (reply-state.ts), which also publishes the reply's frames; only a reply that ends first waits here,
 * briefly backing off. False when the send was undone (or a newer run holds the reply); a message that
 * never comes gives the claim up.
 */
async function untilStored(deps: ReplyDeps, job: ReplyJob, run: ReplyRun): Promise<boolean> {
  if (job.sent === undefined) return true;
  const deadline = Date.now() + messageWaitMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 100)) {
    const state = await deps.replies.messageState(run);
    if (state !== 'storing') return state === 'stored';
    if (Date.now() > deadline) {
      await deps.replies.release(job.conversationId, job.replyId);
      return false;
    }
    await sleep(wait);
  }
}

/** A turn of the history with its stored id (null for a greeting the job carried) and its speaker. */
type HistoryTurn = PromptTurn & { id: string | null; speakerId?: string | null };

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

export async function processReply(deps: ReplyDeps, job: ReplyJob): Promise<void> {
  const startedAt = Date.now();
  const run: ReplyRun = {
    conversationId: job.conversationId,
    replyId: job.replyId,
    run: randomUUID(),
  };
  const controller = deps.stops.register(job.replyId);
  const watchdog = silenceWatchdog(controller, deps.timeoutMs);
  const { group } = job;
  // In a group chat the run's announcement names the member who speaks.
  const starting = deps.replies.start(run, group?.speakerId);
  // A failure is told once the run's start is settled, so it is told under this run.
  starting.catch(() => undefined);
  try {
    const speakerId = group?.speakerId ?? job.characterId;
    // In a group chat the speaking member answers in its own voice, with its own lorebooks.
    const [history, speaker, books, context, voice] = await Promise.all([
      historyOf(deps, job, run, starting),
      deps.characters.get(speakerId),
      deps.characters.lorebooks(speakerId),
      replyContextOf(deps.db, {
        userId: job.userId,
        conversationId: job.conversationId,
        personaId: job.sent?.start?.personaId ?? null,
        unpinnedMemories: unpinnedMemoryWindow,
        isGuestStart: job.isGuest === true && job.sent?.start !== undefined,
      }),
      group === undefined
        ? null
        : Promise.all([
            deps.characters.get(job.characterId),
            groups.membersOf(deps.db, [job.characterId]),
            groups.autoResponseOf(deps.db, job.conversationId),
          ]).then(([g, members, isAutoResponse]) => ({
            group: g,
            members: members.get(job.characterId) ?? [],
            isAutoResponse,
          })),
    ]);
    const { owner } = context;
    // The send was undone (its message could not be stored): nobody waits for this reply.
    if (history === null) {
      await deps.replies.release(job.conversationId, job.replyId);
      return;
    }
    if (!speaker) throw new AppError('character_not_found');
    const character =
      group === undefined || voice === null
        ? speaker
        : groupVoiceOf(speaker, voice.group, voice.members);
    const settings = replySettingsOf(deps, owner, deps.provider.contextSize);
    const prompt = buildPrompt({
      character,
      ...promptUserOf(owner),
      memories: context.memories,
      lorebookEntries: loreEntriesFor(books, history, (text) => deps.provider.countTokens(text)),
      history:
        group === undefined
          ? history
          : groupHistory(history, group.speakerId, voice?.members ?? []),
      contextSize: settings.contextSize,
      maxTokens: settings.maxTokens,
      countTokens: (text) => deps.provider.countTokens(text),
    });

    // Frames are published once the run has started and the message is stored (reply-state.ts); a
    // send undone meanwhile releases the claim and stops the model, and nothing of it is published.
    const stream = new ReplyStream(async (text) => {
      const state = await starting.catch(() => null);
      if (state?.status === 'started') await deps.replies.delta(run, text);
    });
    let firstTokenAt: number | undefined;
    // The model is called now; the run's start is answered long before its first token.
    const modelRun = streamModel(deps, {
      ownKey: owner?.ownKey ?? null,
      conversationId: job.conversationId,
      messages: prompt.messages,
      settings,
      controller,
      watchdog,
      stream,
      onChunk: () => {
        firstTokenAt ??= Date.now();
      },
    });
    // A model that fails before the start is answered fails the reply below, once awaited; meanwhile
    // its rejection is not left unhandled (which would end the process).
    modelRun.catch(() => undefined);
    const started = await starting.catch(async (err: unknown) => {
      controller.abort(stopReason);
      await modelRun.catch(() => undefined);
      throw err;
    });
    if (started.status !== 'started') {
      controller.abort(stopReason);
      await modelRun.catch(() => undefined);
      // The claim lapsed and another reply holds the conversation now: this one is over.
      if (started.status === 'busy') throw new AppError('conversation_busy');
      // The send was undone: nobody waits for this reply.
      await deps.replies.release(job.conversationId, job.replyId);
      return;
    }
    if (started.isStopRequested) controller.abort(stopReason);
    const { result, route } = await modelRun;
    if (!(await untilStored(deps, job, run))) return;

    const text = result.text.trim();
    const isStopped = result.stopReason === 'abort';
    if (text === '' && !isStopped) {
      throw new AppError('generation_failed', { message: 'The model returned an empty reply.' });
    }
    const finishedAt = Date.now();
    const streamMs = firstTokenAt === undefined ? 0 : finishedAt - firstTokenAt;
    // Stored once, even when stopped before the first word (empty: the chat shows it was stopped).
    const [reply] = await Promise.all([
      messages
        .storeReply(
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
            sub_character_id: group?.speakerId ?? null,
          },
          job.characterId,
        )
        // The prompt refers to the stored reply, so it is kept after it, while the frames flush.
        .then(async (stored) => {
          await keepReplyPrompt(deps, job, settings, prompt);
          return stored;
        }),
      stream.flush(),
    ]);
    if (route !== null) await ownKeys.saveRoute(deps.db, job.replyId, route);
    const isFinished = await deps.replies.finish(run, {
      event: 'generation:completed',
      payload: { conversationId: job.conversationId, message: reply },
    });
    // The round's next turn is taken the moment the reply is done, from what this reply read, with no
    // job in between (issue 12 §9); a run taken over by a newer one leaves the turn to that run.
    const next =
      group === undefined || isStopped || !isFinished
        ? null
        : nextTurnOf(group, voice?.isAutoResponse ?? false);
    if (next !== null && group !== undefined && voice !== null) {
      await takeTurn(
        deps,
        GroupTurnJobSchema.parse({
          conversationId: job.conversationId,
          groupId: job.characterId,
          userId: job.userId,
          afterMessageId: job.replyId,
          priority: job.priority,
          ...next,
        }),
        {
          round: await deps.rounds.current(job.conversationId),
          group: voice.group,
          members: voice.members,
          branch: [
            ...history.map((t) => ({ ...t, subCharacterId: t.speakerId ?? null })),
            {
              id: job.replyId,
              role: 'bot' as const,
              content: text,
              subCharacterId: group.speakerId,
            },
          ].slice(-groupActivityWindow),
        },
      );
    }
    const timing = {
      queueWaitMs: Math.max(0, startedAt - job.enqueuedAt),
      firstTokenMs: firstTokenAt === undefined ? null : firstTokenAt - startedAt,
      tokensPerSecond: streamMs > 0 ? (result.tokenCount * 1000) / streamMs : null,
    };
    await recordReplyTiming(deps.redis, deps.prefix, timing);
    await queueAutoMemory(
      deps,
      job,
      newestLeftOut(history, prompt.report.leftOut.turns, settings.hasAutoMemories),
    );
    deps.log.debug(
      { conversationId: job.conversationId, replyId: job.replyId, ...timing },
      'reply stored',
    );
  } catch (err) {
    watchdog.stop();
    await starting.catch(() => undefined);
    const { error, frame } = failureOf(
      deps.log,
      err,
      { conversationId: job.conversationId, messageId: job.replyId },
      'reply',
    );
    if (error.code === 'conversation_busy') await deps.replies.publish(job.conversationId, frame);
    // Told after the message it answers; a send undone meanwhile has nobody to tell.
    else if (await untilStored(deps, job, run).catch(() => true))
      await deps.replies.finish(run, frame);
    // Interactive replies are never retried by the queue: the user retries.
    throw new UnrecoverableError(`${error.code}: ${error.message}`);
  } finally {
    deps.stops.unregister(job.replyId);
  }
}
