/**
 * The bare proxy the path run compares against: it passes a chat request to the model server and pipes
 * the model's bytes back without parsing them, as SillyTavern does. Prints its base URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';

const upstream = process.env.PROXY_UPSTREAM ?? 'http://127.0.0.1:8080/v1';

const server = createServer((req, res) => {
  void (async () => {
    const answer = await request(`${upstream}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: req,
    });
    res.writeHead(answer.statusCode, { 'content-type': 'text/event-stream' });
    await pipeline(answer.body, res);
  })().catch(() => {
    res.destroy();
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- a TCP listener has an AddressInfo
  process.stdout.write(`proxy listening at http://127.0.0.1:${String(port)}/v1\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
