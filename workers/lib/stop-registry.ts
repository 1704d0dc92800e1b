/**
 * Lets a user stop a reply on whichever worker writes it: every worker listens on the control channel
 * and aborts the model call it holds (docs/architecture.md, "The chat path", step 5).
 */
import { ControlMessageSchema } from '#shared/realtime/frames';
import type { Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';

/** The abort reason of a reply handed back to the pool by a worker shutting down. */
export const handBackReason = 'hand-back';

export class StopRegistry {
  private readonly running = new Map<string, AbortController>();

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async listen(subscriber: Redis, redis: Redis, prefix: string): Promise<StopRegistry> {
    const registry = new StopRegistry(redis, prefix);
    const channel = redisKeys(prefix).controlChannel;
    subscriber.on('message', (ch: string, raw: string) => {
      if (ch !== channel) return;
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        return;
      }
      const parsed = ControlMessageSchema.safeParse(data);
      if (parsed.success) registry.running.get(parsed.data.replyId)?.abort('stop');
    });
    await subscriber.subscribe(channel);
    return registry;
  }

  /** Registers a reply; its signal aborts on a stop request, including one made before it started. */
  async register(replyId: string): Promise<AbortController> {
    const controller = new AbortController();
    this.running.set(replyId, controller);
    if ((await this.redis.exists(redisKeys(this.prefix).stop(replyId))) === 1)
      controller.abort('stop');
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
