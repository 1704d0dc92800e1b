/**
 * The `generate-image` job (issue 26 item 2): draws a bot message's image with the configured
 * provider, tells the member how far it is (`image:updated`, over the conversation's channel), checks
 * the answer is a PNG of the size asked for, keeps it in the storage's private `images` folder and
 * records it. A provider that hangs (no answer in IMAGE_TIMEOUT_MS), errors or sends anything else
 * fails this generation alone, with the reason; the member's Generate again retries. A generation
 * replaced or deleted meanwhile is dropped, its file with it, so no image is kept twice.
 */
import { UnrecoverableError } from 'bullmq';
import type { GenerateImageJob } from '#shared/jobs/images';
import { readPngSize } from '#shared/media/png';
import type { MessageImage } from '#shared/rules/images';
import type { Db } from '#server/db/database';
import { updateGeneration } from '#server/db/repositories/images.repo';
import type { Logger } from '#server/lib/log';
import type { ReplyState } from '#server/lib/reply-state';
import type { FileStorage } from '#server/lib/storage';
import { messageOf } from '../lib/engine-request';
import { ImageEngineError, type ImageProvider } from './provider';

export interface GenerateImageDeps {
  db: Db;
  storage: FileStorage;
  replies: ReplyState;
  provider: ImageProvider;
  log: Logger;
  timeoutMs: number;
}

/** Progress news goes out at most this often, and only when it moved by a whole step. */
const progressEveryMs = 250;
const progressStep = 5;

export async function generateImage(deps: GenerateImageDeps, job: GenerateImageJob): Promise<void> {
  const publish = async (image: MessageImage) => {
    await deps.replies
      .publish(job.conversationId, {
        event: 'image:updated',
        payload: { conversationId: job.conversationId, image },
      })
      .catch((err: unknown) => {
        deps.log.warn({ err, generationId: job.generationId }, 'could not publish an image');
      });
  };
  const started = await updateGeneration(deps.db, job.generationId, {
    status: 'generating',
    progress: 0,
  });
  // Replaced by a newer Generate, its message deleted, or already ended: nothing to draw.
  if (started === null) return;
  await publish(started);

  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new ImageEngineError('the image provider did not answer in time'));
  }, deps.timeoutMs);
  // Progress is written one news at a time, and all of it before the end is.
  let news: Promise<void> = Promise.resolve();
  let shown = 0;
  let shownAt = 0;
  const onProgress = (fraction: number) => {
    // Never 100 before the image is checked and kept.
    const percent = Math.min(99, Math.max(0, Math.round(fraction * 100)));
    if (percent < shown + progressStep || Date.now() - shownAt < progressEveryMs) return;
    shown = percent;
    shownAt = Date.now();
    news = news.then(async () => {
      const image = await updateGeneration(deps.db, job.generationId, {
        status: 'generating',
        progress: percent,
      });
      if (image !== null) await publish(image);
    });
  };

  let url: string | null = null;
  try {
    const bytes = await deps.provider.generate(job, controller.signal, onProgress);
    const size = readPngSize(bytes);
    if (size === null)
      throw new ImageEngineError('the image provider sent something that is not a PNG image');
    if (size.width !== job.width || size.height !== job.height) {
      throw new ImageEngineError(
        `the image provider sent a ${String(size.width)}×${String(size.height)} image, not ${String(job.width)}×${String(job.height)}`,
      );
    }
    await news;
    url = await deps.storage.put('images', 'png', bytes);
    const done = await updateGeneration(deps.db, job.generationId, { status: 'done', url });
    if (done === null) {
      await deps.storage.delete(url);
      return;
    }
    await publish(done);
  } catch (err) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : err;
    const message = messageOf(reason);
    deps.log.warn({ generationId: job.generationId, err: message }, 'image failed');
    if (url !== null) await deps.storage.delete(url).catch(() => undefined);
    await news.catch(() => undefined);
    const failed = await updateGeneration(deps.db, job.generationId, {
      status: 'failed',
      error: `The image could not be made: ${message}.`,
    });
    if (failed !== null) await publish(failed);
    throw new UnrecoverableError(`image failed: ${message}`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
