/**
 * An AUTOMATIC1111-compatible API (POST {base}/sdapi/v1/txt2img; progress from GET
 * {base}/sdapi/v1/progress while it draws). The style's LoRA is written into the prompt as A1111
 * reads it (`<lora:name:scale>`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
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
  what: 'the A1111 server',
  error: (message) => new ImageEngineError(message),
};

const Txt2ImgAnswerSchema = z.object({ images: z.array(z.string()).min(1) });
const ProgressAnswerSchema = z.object({ progress: z.number().min(0).max(1) });

/** How often the progress is asked for while an image is drawn. */
const progressEveryMs = 500;

export class A1111ImageProvider implements ImageProvider {
  readonly name = 'a1111';
  private readonly agent: Agent;
  private readonly base: string;

  constructor(
    private readonly settings: {
      baseUrl: string;
      apiKey: string | undefined;
      steps: number;
      timeoutMs: number;
    },
  ) {
    this.base = settings.baseUrl.replace(/\/$/, '');
    // The processor's own timer ends a hanging image with its reason; these only back it up.
    this.agent = new Agent({
      headersTimeout: settings.timeoutMs + 5000,
      bodyTimeout: settings.timeoutMs + 5000,
      connections: 16,
    });
  }

  async generate(
    req: ImageRequest,
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<Buffer> {
    const lora = req.lora === null ? '' : ` <lora:${req.lora.name}:${String(req.lora.scale)}>`;
    const drawing = new AbortController();
    const watching = this.watchProgress(AbortSignal.any([signal, drawing.signal]), onProgress);
    try {
      const response = await postJson(engine, `${this.base}/sdapi/v1/txt2img`, {
        dispatcher: this.agent,
        signal,
        headers: bearer(this.settings.apiKey),
        body: {
          prompt: `${req.prompt}${lora}`,
          negative_prompt: req.negativePrompt,
          width: req.width,
          height: req.height,
          steps: this.settings.steps,
          batch_size: 1,
          n_iter: 1,
          send_images: true,
          save_images: false,
        },
      });
      const answer = Txt2ImgAnswerSchema.safeParse(await readJson(response.body, engine.what));
      if (!answer.success) throw new ImageEngineError(`${engine.what} sent no image`);
      return decodeImage(answer.data.images[0] ?? '', engine.what);
    } finally {
      drawing.abort();
      await watching;
    }
  }

  /** Asks for the progress until `signal` aborts; a progress that cannot be had is skipped. */
  private async watchProgress(
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<void> {
    // A function, so each look reads the signal anew (it aborts while this awaits).
    const isOver = () => signal.aborted;
    while (!isOver()) {
      await sleep(progressEveryMs, undefined, { signal }).catch(() => undefined);
      if (isOver()) return;
      try {
        const response = await request(`${this.base}/sdapi/v1/progress?skip_current_image=true`, {
          dispatcher: this.agent,
          signal,
          headers: bearer(this.settings.apiKey),
        });
        if (response.statusCode !== 200) {
          await response.body.dump();
          continue;
        }
        const parsed = ProgressAnswerSchema.safeParse(await readJson(response.body, engine.what));
        if (parsed.success && !isOver()) onProgress(parsed.data.progress);
      } catch {
        // Progress is news only: the image itself decides how the job ends.
      }
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
