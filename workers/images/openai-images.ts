/**
 * An OpenAI-compatible images endpoint (POST {base}/images/generations, b64_json asked for). It takes no
 * negative prompt: what the image must not show is said in the prompt instead, so the NSFW rules
 * travel with it, and it reports no progress.
 */
import { Agent } from 'undici';
import { z } from 'zod';
import { bearer, postJson, type Engine } from '../lib/engine-request';
import {
  decodeImage,
  ImageEngineError,
  readJson,
  type ImageProvider,
  type ImageRequest,
} from './provider';

const engine: Engine = {
  what: 'the OpenAI images endpoint',
  error: (message) => new ImageEngineError(message),
};

const AnswerSchema = z.object({ data: z.array(z.object({ b64_json: z.string() })).min(1) });

export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  private readonly agent: Agent;

  constructor(
    private readonly settings: {
      baseUrl: string;
      apiKey: string | undefined;
      model: string;
      timeoutMs: number;
    },
  ) {
    // The processor's own timer ends a hanging image with its reason; these only back it up.
    this.agent = new Agent({
      headersTimeout: settings.timeoutMs + 5000,
      bodyTimeout: settings.timeoutMs + 5000,
      connections: 16,
    });
  }

  async generate(req: ImageRequest, signal: AbortSignal): Promise<Buffer> {
    const { baseUrl, apiKey, model } = this.settings;
    const avoid = req.negativePrompt === '' ? '' : `\nAvoid: ${req.negativePrompt}`;
    const response = await postJson(engine, `${baseUrl.replace(/\/$/, '')}/images/generations`, {
      dispatcher: this.agent,
      signal,
      headers: bearer(apiKey),
      body: {
        model,
        prompt: `${req.prompt}${avoid}`,
        n: 1,
        size: `${String(req.width)}x${String(req.height)}`,
        response_format: 'b64_json',
      },
    });
    const answer = AnswerSchema.safeParse(await readJson(response.body, engine.what));
    if (!answer.success) throw new ImageEngineError(`${engine.what} sent no image`);
    return decodeImage(answer.data.data[0]?.b64_json ?? '', engine.what);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
