/**
 * Read-your-writes (README "Scaling out: read replicas"): a request that may have changed something
 * (any method but GET, answered without an error) records the primary's WAL position for its caller,
 * before the answer goes out, so the caller's next public reads come from a replica that has the change
 * or from the primary. Chat over the socket writes only the caller's own conversations, which are
 * always read from the primary.
 */
import type { FastifyInstance } from 'fastify';
import type { ReadDb } from '../db/read-db';
import type { Caller } from '../lib/caller';

export function registerReadYourWrites(fastify: FastifyInstance, reads: ReadDb): void {
  fastify.decorate('routeWrote', async (caller: Caller) => {
    // The write stands either way: failing its answer would only invite the client to repeat it.
    await reads.noteWrite(caller.userId).catch((err: unknown) => {
      fastify.log.warn({ err }, 'could not record a write for read-your-writes');
    });
  });
}
