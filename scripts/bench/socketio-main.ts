/**
 * The raw Socket.IO side of the ceiling run (scripts/bench/ceiling.ts): a bare Socket.IO server in a
 * process of its own that emits paced frames straight to its connected sockets, one stream per socket,
 * with nothing between the clock and the emit. The product's server is measured against it.
 */
import { randomUUID } from 'node:crypto';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { socketPath } from '#shared/realtime/events';
import { serveControl } from './control';
import { paceStreams, stamp } from './stream-frames';

const StreamSchema = z.object({ streams: z.number(), window: z.number(), windowMs: z.number() });

/** Connected sockets in order, each with the stream id its frames carry (as a conversation id). */
const streams: { socket: Socket; id: string }[] = [];
const messageId = randomUUID();

const http = await serveControl('socket.io server', {
  stream: async (body) => {
    const { streams: n, window, windowMs } = StreamSchema.parse(body);
    const sent = await paceStreams(n, windowMs, (due) => {
      for (const { stream, seq, dueAt } of due) {
        const target = streams[stream];
        target?.socket.emit('generation:delta', {
          conversationId: target.id,
          messageId,
          seq,
          text: stamp(window, dueAt),
        });
      }
    });
    return { sent, failed: 0 };
  },
});
const io = new Server(http, { path: socketPath, serveClient: false });
io.on('connection', (socket) => {
  streams.push({ socket, id: randomUUID() });
});

process.on('SIGTERM', () => {
  void io.close().then(() => process.exit(0));
});
