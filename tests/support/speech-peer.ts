/**
 * A local server speaking OpenAI's speech wire format (POST /v1/audio/speech, JSON in, audio out), a
 * real peer of the `openai` speech provider. What it does depends on the words in the input: HANG
 * never answers, BROKEN answers 500 with an OpenAI error body, GARBAGE answers an HTML page, FLAKY
 * fails its first request and speaks after; anything else is a tone of 50 ms per character, sent in
 * pieces.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { wavHeader } from '#shared/media/wav';

const SpeechRequestSchema = z.object({
  model: z.string(),
  input: z.string(),
  voice: z.string(),
  response_format: z.string(),
});

export interface SpeechPeer {
  baseUrl: string;
  /** Bodies of the requests received, newest last. */
  requests: z.infer<typeof SpeechRequestSchema>[];
  close: () => Promise<void>;
}

const sampleRate = 16000;

/** A 440 Hz tone of `seconds`, as 16-bit mono PCM WAV. */
export function tone(seconds: number): Buffer {
  const count = Math.round(seconds * sampleRate);
  const samples = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) {
    samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000), i * 2);
  }
  return Buffer.concat([wavHeader({ sampleRate, channels: 1 }, samples.length), samples]);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return raw;
}

export async function startSpeechPeer(): Promise<SpeechPeer> {
  const requests: SpeechPeer['requests'] = [];
  const flaky = new Set<string>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = SpeechRequestSchema.parse(JSON.parse(await bodyOf(req)));
      requests.push(body);
      const { input } = body;
      if (req.url !== '/v1/audio/speech' || req.method !== 'POST') {
        res.writeHead(404).end();
      } else if (input.includes('HANG')) {
        return; // never answers
      } else if (input.includes('BROKEN') || (input.includes('FLAKY') && !flaky.has(input))) {
        flaky.add(input);
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }),
        );
      } else if (input.includes('GARBAGE')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Service temporarily unavailable</body></html>');
      } else {
        const audio = tone(input.length * 0.05);
        res.writeHead(200, { 'content-type': 'audio/wav' });
        const half = Math.floor(audio.length / 2);
        res.write(audio.subarray(0, half));
        setTimeout(() => res.end(audio.subarray(half)), 20);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- listening on TCP
  return {
    baseUrl: `http://127.0.0.1:${String(port)}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
