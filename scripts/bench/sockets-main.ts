/**
 * One process of the ceiling run's socket clients (scripts/bench/ceiling.ts), so their work is spread
 * over processes and kept out of the measured server's: holds lean sockets to TARGET_URL and tallies
 * the `generation:delta` frames they receive. Commands: `connect` adds sockets (a guest watching its
 * conversation, for the product's server), `send` has the first sockets each start a new chat and
 * leave it (its reply then loads the worker alone) and answers the sends that failed, `report` answers
 * a window's tally and the sockets failed since.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { socketPath } from '#shared/realtime/events';
import { serveControl } from './control';
import { connectLean, type LeanSocket } from './lean-socket';
import { FrameTally, monotonicMs, readDelta, type ReceiverReport } from './stream-frames';

const ConnectSchema = z.object({
  sockets: z.array(z.object({ guestId: z.uuid().optional(), conversationId: z.uuid().optional() })),
});
const SendSchema = z.object({
  characterId: z.uuid(),
  content: z.string(),
  sockets: z.number(),
  /** The sends are spread evenly over this long, as chats start at different times. */
  spreadMs: z.number(),
});
const ReportSchema = z.object({ window: z.number() });
const AcceptedSchema = z.object({ ok: z.literal(true) });
const SentSchema = z.object({ ok: z.literal(true), data: z.object({ conversationId: z.uuid() }) });

const url = process.env.TARGET_URL ?? '';
/** Sockets connecting at once: enough to connect thousands in seconds, few enough not to time out. */
const batch = 100;

const tally = new FrameTally();
const sockets: LeanSocket[] = [];
let failed = 0;

const listeners = {
  event: (name: string, payload: unknown) => {
    const receivedAt = monotonicMs();
    const delta = name === 'generation:delta' ? readDelta(payload) : undefined;
    if (delta !== undefined) tally.record(delta, receivedAt);
  },
  dropped: () => {
    failed += 1;
  },
};

/** One socket: a guest's when a guest id is given, joined to the conversation when one is given. */
async function connect(spec: { guestId?: string; conversationId?: string }): Promise<void> {
  try {
    const auth = spec.guestId === undefined ? {} : { guestId: spec.guestId };
    const socket = await connectLean(url, socketPath, auth, listeners);
    sockets.push(socket);
    if (spec.conversationId === undefined) return;
    const { conversationId } = spec;
    AcceptedSchema.parse(await socket.emitWithAck('conversation:join', { conversationId }));
  } catch {
    failed += 1;
  }
}

/**
 * Starts a new chat and leaves it once sent, so the server relays none of its reply: the reply's frames
 * go from the worker to Redis, where the run's subscriber takes them. Answers the new conversation, or
 * null when the send or the leave failed.
 */
async function sendAndLeave(socket: LeanSocket, characterId: string, content: string) {
  try {
    const sent = SentSchema.parse(
      await socket.emitWithAck('message:send', { characterId, conversationId: null, content }),
    );
    const { conversationId } = sent.data;
    AcceptedSchema.parse(await socket.emitWithAck('conversation:leave', { conversationId }));
    return conversationId;
  } catch {
    return null;
  }
}

await serveControl('sockets control', {
  connect: async (body) => {
    const specs = ConnectSchema.parse(body).sockets;
    for (let i = 0; i < specs.length; i += batch) {
      await Promise.all(specs.slice(i, i + batch).map(connect));
    }
    return {};
  },
  send: async (body) => {
    const { characterId, content, sockets: count, spreadMs } = SendSchema.parse(body);
    const sent = await Promise.all(
      sockets.slice(0, count).map(async (socket, i) => {
        await sleep((i * spreadMs) / count);
        return sendAndLeave(socket, characterId, content);
      }),
    );
    const conversationIds = sent.filter((id) => id !== null);
    return { failed: sent.length - conversationIds.length, conversationIds };
  },
  report: (body) => {
    const report: ReceiverReport = { ...tally.take(ReportSchema.parse(body).window), failed };
    failed = 0;
    return Promise.resolve(report);
  },
});

process.on('SIGTERM', () => {
  for (const socket of sockets) socket.close();
  process.exit(0);
});
