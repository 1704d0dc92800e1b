/**
 * The replies this worker is writing, each with its abort controller: a user's stop request (heard on
 * the control channel, server/lib/reply-state.ts) aborts the model call that writes it, on whichever
 * worker that is (docs/architecture.md, "The chat path", step 5).
 */
import { listenForStops } from '#server/lib/reply-state';
import type { Redis } from '#server/lib/redis';

/** The abort reason of a reply the user stopped. */
export const stopReason = 'stop';
/** The abort reason of a reply handed back to the pool by a worker shutting down. */
export const handBackReason = 'hand-back';

export class StopRegistry {
  private readonly running = new Map<string, AbortController>();

  static async listen(subscriber: Redis, prefix: string): Promise<StopRegistry> {
    const registry = new StopRegistry();
    await listenForStops(subscriber, prefix, (replyId) => {
      registry.running.get(replyId)?.abort(stopReason);
    });
    return registry;
  }

  register(replyId: string): AbortController {
    const controller = new AbortController();
    this.running.set(replyId, controller);
    return controller;
  }

  /** Aborts every reply in hand so that it is left for another worker (shutdown past its grace). */
  handBackAll(): void {
    for (const controller of this.running.values()) controller.abort(handBackReason);
  }

  unregister(replyId: string): void {
    this.running.delete(replyId);
  }
}
