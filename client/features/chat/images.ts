/**
 * The images of a conversation's bot messages (issue 26 item 2), as the chat holds them: REST loads,
 * Generate's answer and `image:updated` events all end here, in one pure function. An image's state
 * only moves forward within a generation (queued, then drawn with growing progress, then done or
 * failed), so an answer that arrives after a newer event changes nothing; a new generation replaces
 * the one before.
 */
import type { MessageImage } from '#shared/rules/images';

/** Message id → its image. */
export type ImagesState = Readonly<Record<string, MessageImage>>;

const rank: Record<MessageImage['status'], number> = {
  queued: 0,
  generating: 1,
  done: 2,
  failed: 2,
};

/** Applies one image's news. */
export function applyImage(state: ImagesState, image: MessageImage): ImagesState {
  const held = state[image.messageId];
  if (held?.generationId === image.generationId) {
    const isOlder =
      rank[image.status] < rank[held.status] ||
      (image.status === held.status && image.progress < held.progress);
    if (isOlder) return state;
  }
  return { ...state, [image.messageId]: image };
}

/** Applies a REST list of images. */
export function applyImages(state: ImagesState, images: readonly MessageImage[]): ImagesState {
  return images.reduce(applyImage, state);
}
