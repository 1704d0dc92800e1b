/**
 * What a reply and an autopilot draft share around the model call: the silence watchdog, the routed
 * call that streams into a ReplyStream, the endings it can have (a timeout, a hand-back to another
 * worker) and the failure frame a user is shown.
 */
import { defaultErrorMessage, type AppErrorBody } from '#shared/errors';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import type { ReplyStream } from '../lib/reply-stream';
import { handBackReason } from '../lib/stop-registry';
import type { OwnKeyRecord } from '#server/db/repositories/own-keys.repo';
import type { ChatMessage } from '../providers/provider';
import { generateRouted, type OwnKeyDeps, type RoutedResult } from './own-key';
import type { ReplySettings } from './reply-settings';

/** The abort reason of a model that went silent for longer than the timeout. */
export const timeoutReason = 'timeout';

/**
 * A reply handed back by a worker shutting down: nothing is stored or published, and the job is never
 * settled here, so its lock lapses and another worker takes it (BullMQ's stalled-job recovery).
 */
export function handedBack(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** Aborts after `timeoutMs` without text; noting a chunk is one assignment (no timer per chunk). */
export function silenceWatchdog(controller: AbortController, timeoutMs: number) {
  let last = Date.now();
  let timer: NodeJS.Timeout;
  const check = () => {
    const idle = Date.now() - last;
    if (idle >= timeoutMs) controller.abort(timeoutReason);
    else timer = setTimeout(check, timeoutMs - idle);
  };
  timer = setTimeout(check, timeoutMs);
  return {
    touch: () => {
      last = Date.now();
    },
    stop: () => {
      clearTimeout(timer);
    },
  };
}

export type Watchdog = ReturnType<typeof silenceWatchdog>;

/**
 * Calls the model with the owner's settings (through their own key where they route there), pushing
 * its text into `stream`. A run stopped before the call gets an empty, stopped result; a model that
 * went silent fails with model_timeout; a run handed back never settles (handedBack).
 */
export async function streamModel(
  deps: OwnKeyDeps,
  run: {
    ownKey: OwnKeyRecord | null;
    conversationId: string;
    messages: ChatMessage[];
    settings: ReplySettings;
    controller: AbortController;
    watchdog: Watchdog;
    stream: ReplyStream;
    /** Called with each chunk before it is streamed (the reply times its first token). */
    onChunk?: () => void;
  },
): Promise<RoutedResult> {
  const { settings, controller, watchdog, stream } = run;
  const routed = controller.signal.aborted
    ? { result: { text: '', tokenCount: 0, stopReason: 'abort' as const }, route: null }
    : await generateRouted(deps, run.ownKey, run.conversationId, {
        messages: run.messages,
        maxTokens: settings.maxTokens,
        temperature: settings.sampling.temperature,
        topP: settings.sampling.topP,
        topK: settings.sampling.topK,
        model: settings.model.upstreamModel,
        signal: controller.signal,
        onText: (chunk) => {
          run.onChunk?.();
          watchdog.touch();
          stream.push(chunk);
        },
      });
  watchdog.stop();
  if (controller.signal.reason === timeoutReason) throw new AppError('model_timeout');
  if (controller.signal.reason === handBackReason) return await handedBack();
  return routed;
}

/**
 * What a user is told when a reply fails: the code and its generic message only. The cause (an upstream
 * body, an address, a path) goes to the log, never to the client.
 */
export function publicError(error: AppError): AppErrorBody {
  return { code: error.code, message: defaultErrorMessage[error.code] };
}

/** A failed run's error, logged with its cause, and the frame that tells the conversation. */
export function failureOf(
  log: Logger,
  err: unknown,
  ids: { conversationId: string; messageId: string },
  what: 'reply' | 'autopilot',
) {
  const error = err instanceof AppError ? err : new AppError('generation_failed', { cause: err });
  log.error(
    {
      conversationId: ids.conversationId,
      [what === 'reply' ? 'replyId' : 'draftId']: ids.messageId,
      code: error.code,
      err: error.cause ?? error,
      details: error.details,
    },
    `${what} failed`,
  );
  const frame = {
    event: 'generation:failed' as const,
    payload: { ...ids, error: publicError(error) },
  };
  return { error, frame };
}
