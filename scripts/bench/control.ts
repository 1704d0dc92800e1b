/**
 * How the ceiling run drives its helper processes step by step: each helper answers a few JSON
 * commands over HTTP on 127.0.0.1 and prints its address; the run posts a command and waits for the
 * answer (the window's frames sent, or a receiver's tally).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Commands = Record<string, (body: unknown) => Promise<unknown>>;

/**
 * Serves `commands` at POST /<name>, then prints `<what> at <address>` (a Socket.IO server may attach
 * to the returned server: it takes its own path and leaves the rest to these commands).
 */
export async function serveControl(what: string, commands: Commands): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const run = commands[req.url?.slice(1) ?? ''];
      if (req.method !== 'POST' || run === undefined) {
        res.writeHead(404).end();
        return;
      }
      const answer = await run(raw === '' ? {} : JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- a TCP listener has an AddressInfo
  process.stdout.write(`${what} at http://127.0.0.1:${String(port)}\n`);
  return server;
}

/** Posts a command to a helper and resolves with its answer (the helper's type for it). */
export async function command<T>(url: string, name: string, body: object = {}): Promise<T> {
  const res = await fetch(`${url}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}/${name}: ${String(res.status)} ${await res.text()}`);
  return (await res.json()) as T; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- answered by our own helper process, whose type T is
}
