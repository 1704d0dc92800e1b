/**
 * A TCP proxy in front of a real server that can be frozen: frozen, it keeps every connection open and
 * passes nothing either way, and holds new connections unanswered, as a host that stopped (a hung
 * virtual machine, a SIGSTOP) looks to its clients, while the server behind it stays well for everyone
 * else. Thawed, what it held goes on in order.
 */
import net from 'node:net';

export interface FreezableProxy {
  port: number;
  freeze: () => void;
  thaw: () => void;
  close: () => Promise<void>;
}

export async function startFreezableProxy(target: {
  hostname: string;
  port: string;
}): Promise<FreezableProxy> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  /** What arrived while frozen, per direction, sent on thaw. */
  const held = new Map<net.Socket, Buffer[]>();
  /** New connections while frozen, connected on thaw. */
  const waiting: net.Socket[] = [];

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const relay = (from: net.Socket, to: net.Socket) => {
    held.set(to, []);
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.get(to)?.push(chunk);
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
  };
  const connect = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(upstream);
    relay(client, upstream);
    relay(upstream, client);
  };

  const server = net.createServer((client) => {
    track(client);
    if (frozen) waiting.push(client);
    else connect(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');

  return {
    port: address.port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const [to, chunks] of held) for (const chunk of chunks.splice(0)) to.write(chunk);
      for (const client of waiting.splice(0)) connect(client);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
