/**
 * A local server speaking both image wire formats the providers use: AUTOMATIC1111's
 * (POST /sdapi/v1/txt2img, GET /sdapi/v1/progress) and OpenAI's (POST /v1/images/generations,
 * b64_json), answering real PNGs of the size asked for. What it does depends on the words in the
 * prompt: HANG never answers, BROKEN answers 500, GARBAGE answers something that is not an image,
 * WRONGSIZE a PNG of half the size, FLAKY fails its first request and draws after, SLOW takes
 * `slowMs` (reporting progress as it goes); anything else takes `drawMs`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { gradientPng } from './png';

const A1111RequestSchema = z.object({
  prompt: z.string(),
  negative_prompt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  steps: z.number().int(),
});
const OpenAiRequestSchema = z.object({
  model: z.string(),
  prompt: z.string(),
  n: z.number().int(),
  size: z.string().regex(/^\d+x\d+$/),
  response_format: z.literal('b64_json'),
});

export interface ImagePeer {
  /** The A1111 server's base URL (IMAGE_BASE_URL with IMAGE_PROVIDER=a1111). */
  a1111Url: string;
  /** The OpenAI base URL, ending in /v1 (IMAGE_BASE_URL with IMAGE_PROVIDER=openai). */
  openAiUrl: string;
  /** Prompts of the image requests received, newest last (each wire format's prompt field). */
  requests: { wire: 'a1111' | 'openai'; prompt: string; negativePrompt: string | null }[];
  /** Progress answers given, so a test knows the provider was asked. */
  progressAsked: () => number;
  close: () => Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return raw;
}

export async function startImagePeer(
  opts: { drawMs?: number; slowMs?: number } = {},
): Promise<ImagePeer> {
  const drawMs = opts.drawMs ?? 100;
  const slowMs = opts.slowMs ?? 2500;
  const requests: ImagePeer['requests'] = [];
  const flaky = new Set<string>();
  /** Drawings in progress: when each began and how long it takes. */
  const drawing = new Set<{ startedAt: number; ms: number }>();
  let progressAsked = 0;
  let seed = 0;

  /** Draws after the prompt's delay, or answers its failure; null when it never answers. */
  async function draw(
    prompt: string,
    width: number,
    height: number,
  ): Promise<{ status: number; png?: Buffer; body?: string } | null> {
    if (prompt.includes('HANG')) return null;
    if (prompt.includes('BROKEN') || (prompt.includes('FLAKY') && !flaky.has(prompt))) {
      flaky.add(prompt);
      return { status: 500, body: JSON.stringify({ error: 'The server had an error' }) };
    }
    const entry = { startedAt: Date.now(), ms: prompt.includes('SLOW') ? slowMs : drawMs };
    drawing.add(entry);
    await new Promise((resolve) => setTimeout(resolve, entry.ms));
    drawing.delete(entry);
    if (prompt.includes('GARBAGE')) return { status: 200 };
    const [w, h] = prompt.includes('WRONGSIZE') ? [width / 2, height / 2] : [width, height];
    seed += 37;
    return { status: 200, png: gradientPng(Math.round(w), Math.round(h), seed) };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url.startsWith('/sdapi/v1/progress')) {
        progressAsked++;
        const now = Date.now();
        const fractions = [...drawing].map((d) => Math.min(1, (now - d.startedAt) / d.ms));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ progress: fractions.length === 0 ? 0 : Math.max(...fractions) }));
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const raw = await bodyOf(req);
      if (url === '/sdapi/v1/txt2img') {
        const body = A1111RequestSchema.parse(JSON.parse(raw));
        requests.push({ wire: 'a1111', prompt: body.prompt, negativePrompt: body.negative_prompt });
        const answer = await draw(body.prompt, body.width, body.height);
        if (answer === null) return; // never answers
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        if (answer.status !== 200) {
          res.end(answer.body);
        } else if (answer.png === undefined) {
          res.end(
            JSON.stringify({ images: [Buffer.from('<html>busy</html>').toString('base64')] }),
          );
        } else {
          res.end(JSON.stringify({ images: [answer.png.toString('base64')], info: '{}' }));
        }
      } else if (url === '/v1/images/generations') {
        const body = OpenAiRequestSchema.parse(JSON.parse(raw));
        requests.push({ wire: 'openai', prompt: body.prompt, negativePrompt: null });
        const [width, height] = body.size.split('x').map(Number);
        const answer = await draw(body.prompt, width ?? 0, height ?? 0);
        if (answer === null) return;
        if (answer.status !== 200) {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body);
        } else if (answer.png === undefined) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body>Service temporarily unavailable</body></html>');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ created: 1, data: [{ b64_json: answer.png.toString('base64') }] }),
          );
        }
      } else {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- listening on TCP
  const base = `http://127.0.0.1:${String(port)}`;
  return {
    a1111Url: base,
    openAiUrl: `${base}/v1`,
    requests,
    progressAsked: () => progressAsked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
