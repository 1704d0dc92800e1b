/**
 * A Socket.IO client lean enough to hold thousands of sockets in one process without starving the
 * server it measures (docs/performance.md, "How to measure"): the few packets the ceiling run needs,
 * spoken over `ws`. Engine.IO v4: '0' open, '2' ping (answered '3'), '4' message; Socket.IO v5 inside
 * a message, namespace '/': '0' connect (carrying the handshake auth), '2' event, '3' ack, '4' refused.
 */
import WebSocket from 'ws';

export interface LeanSocket {
  /** Emits a command and resolves with its acknowledgement. */
  emitWithAck: (event: string, payload: unknown) => Promise<unknown>;
  close: () => void;
}

export interface LeanListeners {
  /** Every event the server emits; called before anything else is done with it. */
  event: (name: string, payload: unknown) => void;
  /** The connection ended without close() (the run counts it failed). */
  dropped: () => void;
}

/** Connects to a Socket.IO server and resolves once the handshake (with `auth`) is accepted. */
export function connectLean(
  baseUrl: string,
  path: string,
  auth: object,
  on: LeanListeners,
): Promise<LeanSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
  });
  const acks = new Map<number, (result: unknown) => void>();
  let nextAck = 0;
  let isOpen = false;
  let isClosing = false;
  const socket: LeanSocket = {
    emitWithAck: (event, payload) =>
      new Promise((resolve) => {
        const id = nextAck++;
        acks.set(id, resolve);
        ws.send(`42${String(id)}${JSON.stringify([event, payload])}`);
      }),
    close: () => {
      isClosing = true;
      ws.close();
    },
  };
  return new Promise((resolve, reject) => {
    const onPacket = (packet: string) => {
      switch (packet.charAt(0)) {
        case '0':
          isOpen = true;
          resolve(socket);
          return;
        case '4':
          reject(new Error(`refused: ${packet.slice(1)}`));
          socket.close();
          return;
        case '2': {
          const event: unknown = JSON.parse(packet.slice(1));
          if (Array.isArray(event) && typeof event[0] === 'string') on.event(event[0], event[1]);
          return;
        }
        case '3': {
          const id = /^3(\d+)/.exec(packet)?.[1] ?? '';
          const args: unknown = JSON.parse(packet.slice(1 + id.length));
          acks.get(Number(id))?.(Array.isArray(args) ? args[0] : undefined);
          acks.delete(Number(id));
          return;
        }
      }
    };
    ws.on('message', (data) => {
      const text = Buffer.isBuffer(data) ? data.toString() : '';
      if (text === '2') ws.send('3');
      else if (text.startsWith('0')) ws.send(`40${JSON.stringify(auth)}`);
      else if (text.startsWith('4')) onPacket(text.slice(1));
    });
    ws.on('error', reject);
    ws.on('close', () => {
      if (!isOpen) reject(new Error('closed during the handshake'));
      else if (!isClosing) on.dropped();
    });
  });
}
