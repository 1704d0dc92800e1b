/** Helpers of the image tests (issue 26 item 2): a bot message's image paths and waiting for its end. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { MessageImageSchema, type MessageImage } from '#shared/rules/images';
import type { BotMessageRef } from '../../testkit/bot-message';

export const imagePath = (ref: BotMessageRef) =>
  `/api/conversations/${ref.conversationId}/messages/${ref.messageId}/image`;

/** Polls a message's image until it is done or failed (or `timeoutMs` passes). */
export async function waitForImage(
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>,
  ref: BotMessageRef,
  headers: Record<string, string>,
  timeoutMs = 20_000,
): Promise<MessageImage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await inject({ method: 'GET', url: imagePath(ref), headers });
    const image = MessageImageSchema.parse(res.json());
    if (image.status === 'done' || image.status === 'failed') return image;
    if (Date.now() > until)
      throw new Error(`image still ${image.status} after ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
