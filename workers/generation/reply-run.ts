/**
 * One run of a reply or an autopilot draft: a reply's lifecycle on the worker (docs/architecture.md,
 * "The chat path", steps 3 to 6). The kind builds its prompt while the run's start is on its way to
 * Redis; the model is called at once and its text goes out in frames (lib/reply-stream.ts), published
 * once the run has started and the message it answers is stored (server/lib/reply-state.ts); a stop
 * aborts the model and keeps the text so far; the kind keeps the result while the last frames flush,
 * and the run ends with its frame. A failure ends it with generation:failed and a log line, and is
 * never retried by the queue: the user retries. Each kind (reply.processor.ts, autopilot.processor.ts)
 * supplies only its prompt and how its result is kept.
 */
import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import type { OwnKeyRecord, ReplyRoute } from '#server/db/repositories/own-keys.repo';
import { AppError } from '#server/lib/errors';
import type {
  ConversationFrame,
  Ended,
  ReplyRun,
  ReplyState,
  StartResult,
} from '#server/lib/reply-state';
import { ReplyStream } from '../lib/reply-stream';
import { stopReason, type StopRegistry } from '../lib/stop-registry';
import type { ChatMessage } from '../providers/provider';
import { failureOf, silenceWatchdog, streamModel } from './model-run';
import type { OwnKeyDeps } from './own-key';
import type { ReplySettings } from './reply-settings';

export interface RunDeps extends OwnKeyDeps {
  replies: ReplyState;
  stops: StopRegistry;
  /** Longest silence from the model before the run fails with model_timeout. */
  timeoutMs: number;
}

/** The longest a reply waits for its user message to be stored (a send whose insert never ends). */
export const messageWaitMs = 30_000;

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** What a kind hands the model: its prompt, with the owner's settings and own key. */
export interface RunPrompt {
  messages: ChatMessage[];
  settings: ReplySettings;
  ownKey: OwnKeyRecord | null;
}

/** What the run wrote, for the kind to keep. */
export interface RunResult {
  /** The text, trimmed: empty only when stopped before the first word. */
  text: string;
  isStopped: boolean;
  tokenCount: number;
  /** How the text was written (own-key.ts); null when the platform's model wrote it as usual. */
  route: ReplyRoute | null;
  timing: { queueWaitMs: number; firstTokenMs: number | null; tokensPerSecond: number | null };
}

/** The frame a run that wrote its text ends with: a reply stored, or a draft for the message box. */
export type FinalFrame = Extract<
  ConversationFrame,
  { event: 'generation:completed' | 'autopilot:completed' }
>;

/** A kind of run: its prompt and how its result is kept; the rest of the run is runReply's. */
export interface RunKind<P extends RunPrompt> {
  /** What it writes, in logs and errors: a reply, or an autopilot draft of the user's turn. */
  what: 'reply' | 'autopilot';
  /** A group chat's member who speaks, named when the run is announced. */
  speakerId?: string | undefined;
  /** It answers a send's message, stored while it runs: it is stored, or fails, after that message. */
  answersSend: boolean;
  /**
   * Reads what the prompt needs and builds it while the run's start (`starting`) is on its way; null
   * when there is nothing to answer any more (the send was undone).
   */
  prompt: (starting: Promise<StartResult>, run: ReplyRun) => Promise<P | null>;
  /** Keeps the result while the last frames go out; answers the frame that ends the run. */
  keep: (prompt: P, result: RunResult) => Promise<FinalFrame>;
  /**
   * What follows once the run has ended; `isFinished` is false when a newer run took it over,
   * `isWatched` when no screen had the conversation open.
   */
  after?: (prompt: P, result: RunResult, ended: Ended) => Promise<void>;
}

export async function runReply<P extends RunPrompt>(
  deps: RunDeps,
  job: { conversationId: string; replyId: string; enqueuedAt: number },
  kind: RunKind<P>,
): Promise<void> {
  const startedAt = Date.now();
  const run: ReplyRun = {
    conversationId: job.conversationId,
    replyId: job.replyId,
    run: randomUUID(),
  };
  /** Ends the run with its final frame; a draft's end keeps it for the message box in the same step. */
  const end = (frame: FinalFrame): Promise<Ended> =>
    frame.event === 'autopilot:completed'
      ? deps.replies.finishDraft(run, frame)
      : deps.replies.finish(run, frame);
  /** The final frame of a result kept but not yet told (its end is owed). */
  let kept: FinalFrame | undefined;
  const controller = deps.stops.register(job.replyId);
  const watchdog = silenceWatchdog(controller, deps.timeoutMs);
  const starting = deps.replies.start(run, kind.speakerId);
  // A failure is told once the run's start is settled, so it is told under this run.
  starting.catch(() => undefined);
  try {
    const prompt = await kind.prompt(starting, run);
    // The send was undone (its message could not be stored): nobody waits for this reply.
    if (prompt === null) {
      await deps.replies.release(job.conversationId, job.replyId);
      return;
    }
    // Frames are published once the run has started and the message is stored (reply-state.ts); a
    // send undone meanwhile releases the claim and stops the model, and nothing of it is published.
    const stream = new ReplyStream(async (text) => {
      const state = await starting.catch(() => null);
      if (state?.status === 'started') await deps.replies.delta(run, text);
    });
    let firstTokenAt: number | undefined;
    // The model is called now; the run's start is answered long before its first token.
    const modelRun = streamModel(deps, {
      ownKey: prompt.ownKey,
      conversationId: job.conversationId,
      messages: prompt.messages,
      settings: prompt.settings,
      controller,
      watchdog,
      stream,
      onChunk: () => {
        firstTokenAt ??= Date.now();
      },
    });
    // A model that fails before the start is answered fails the run below, once awaited; meanwhile
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
    if (!(await untilStored(deps, kind, run))) return;

    const text = result.text.trim();
    const isStopped = result.stopReason === 'abort';
    if (text === '' && !isStopped) {
      const noun = kind.what === 'autopilot' ? 'draft' : 'reply';
      throw new AppError('generation_failed', { message: `The model returned an empty ${noun}.` });
    }
    const streamMs = firstTokenAt === undefined ? 0 : Date.now() - firstTokenAt;
    const written: RunResult = {
      text,
      isStopped,
      tokenCount: result.tokenCount,
      route,
      timing: {
        queueWaitMs: Math.max(0, startedAt - job.enqueuedAt),
        firstTokenMs: firstTokenAt === undefined ? null : firstTokenAt - startedAt,
        tokensPerSecond: streamMs > 0 ? (result.tokenCount * 1000) / streamMs : null,
      },
    };
    // The result is kept whatever became of its frames: a frame Redis did not take (a master failing
    // over) costs only the live view, since the final frame carries the whole text. Ending the run
    // with a failure instead told the user to retry a reply that was stored.
    const [frame] = await Promise.all([
      kind.keep(prompt, written),
      stream.flush().catch((err: unknown) => {
        deps.log.warn(
          { err, conversationId: job.conversationId, messageId: job.replyId },
          `${kind.what} frames not written; its final frame carries the whole text`,
        );
      }),
    ]);
    kept = frame;
    const ended = await end(frame);
    kept = undefined;
    await kind.after?.(prompt, written, ended);
  } catch (err) {
    watchdog.stop();
    await starting.catch(() => undefined);
    const { error, frame } = failureOf(
      deps.log,
      err,
      { conversationId: job.conversationId, messageId: job.replyId },
      kind.what,
    );
    if (error.code === 'conversation_busy') await deps.replies.publish(job.conversationId, frame);
    // A result kept before its end failed ends the run once more with it; anything else is told
    // after the message it answers, and a send undone meanwhile has nobody to tell.
    else if (kept !== undefined) await end(kept);
    else if (await untilStored(deps, kind, run).catch(() => true))
      await deps.replies.finish(run, frame);
    // Interactive runs are never retried by the queue: the user retries.
    throw new UnrecoverableError(`${error.code}: ${error.message}`);
  } finally {
    deps.stops.unregister(job.replyId);
  }
}

/**
 * Whether the message a send's reply answers is stored, so the reply can be stored after it. The model
 * is called while the server stores the message, and the server marks it stored in Redis
 * (reply-state.ts), which also publishes the reply's frames; only a reply that ends first waits here,
 * briefly backing off. False when the send was undone (or a newer run holds the reply); a message that
 * never comes gives the claim up.
 */
async function untilStored(
  deps: RunDeps,
  kind: { answersSend: boolean },
  run: ReplyRun,
): Promise<boolean> {
  if (!kind.answersSend) return true;
  const deadline = Date.now() + messageWaitMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 100)) {
    const state = await deps.replies.messageState(run);
    if (state !== 'storing') return state === 'stored';
    if (Date.now() > deadline) {
      await deps.replies.release(run.conversationId, run.replyId);
      return false;
    }
    await sleep(wait);
  }
}
