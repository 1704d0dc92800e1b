/**
 * Images in the conversation (issue 26 item 2): who may have them (conversation_images, basic and
 * premium, from the permission module), the conversation's image settings with the spec's NSFW rules,
 * and a bot message's image: a generation is recorded, queued as an `images` job, and followed by the
 * member over `image:updated` (workers/images). The file is only ever served through imageFile, so a
 * guessed URL gives nobody else the image.
 */
import { randomUUID } from 'node:crypto';
import type { ImageSettingsView } from '#shared/api/images';
import {
  buildImagePrompt,
  defaultImagePromptOf,
  ImagePromptSchema,
  mayUseStyle,
  type ImageRating,
  type ImageSettings,
  type MessageImage,
} from '#shared/rules/images';
import type { Db } from '../db/database';
import * as characters from '../db/repositories/characters.repo';
import * as images from '../db/repositories/images.repo';
import * as operations from '../db/repositories/message-operations.repo';
import * as users from '../db/repositories/users.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/log';
import type { ImagesQueue } from '../lib/queues';
import type { ReplyState } from '../lib/reply-state';
import type { FileStorage } from '../lib/storage';
import { isCallerFlagOn } from './applications.service';
import { ownedConversation } from './conversations.service';

export interface ImagesDeps {
  db: Db;
  storage: FileStorage;
  queue: ImagesQueue;
  /** Tells the conversation's sockets of an image's news. */
  replies: ReplyState;
  log: Logger;
  /** Whether an image provider is configured (IMAGE_PROVIDER is not none). */
  isConfigured: boolean;
  /** The images' size in pixels (square). */
  size: number;
  /** A generation not heard of for this long may be replaced (its job was lost). */
  staleMs: number;
}

interface MessageRef {
  id: string;
  messageId: string;
}

/** Basic and premium only: anyone else is shown the upgrade path. */
function assertMayHaveImages(caller: Caller): void {
  if (!isCallerFlagOn(caller, 'conversation_images')) {
    throw new AppError('images_upgrade_required');
  }
}

/** The spec's NSFW rules: a member who shows NSFW, chatting with an NSFW chatbot. */
async function isNsfwAllowed(db: Db, caller: Caller, characterId: string): Promise<boolean> {
  if (caller.kind !== 'member') return false;
  const [user, character] = await Promise.all([
    users.findById(db, caller.userId),
    characters.findById(db, characterId),
  ]);
  return user?.showNsfw === true && character?.isNsfw === true;
}

async function settingsView(
  deps: ImagesDeps,
  caller: Caller,
  conversationId: string,
  characterId: string,
): Promise<ImageSettingsView> {
  return {
    settings: await images.settingsOf(deps.db, conversationId),
    isConfigured: deps.isConfigured,
    isNsfwAllowed: await isNsfwAllowed(deps.db, caller, characterId),
  };
}

export async function imageSettings(
  deps: ImagesDeps,
  caller: Caller,
  conversationId: string,
): Promise<ImageSettingsView> {
  assertMayHaveImages(caller);
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  return settingsView(deps, caller, conversationId, conversation.characterId);
}

export async function setImageSettings(
  deps: ImagesDeps,
  caller: Caller,
  conversationId: string,
  settings: ImageSettings,
): Promise<ImageSettingsView> {
  assertMayHaveImages(caller);
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  if (!mayUseStyle(settings.style, flagsOf(caller))) {
    throw new AppError('image_style_forbidden', { field: 'style' });
  }
  if (settings.nsfwMode && !(await isNsfwAllowed(deps.db, caller, conversation.characterId))) {
    throw new AppError('image_nsfw_forbidden', { field: 'nsfwMode' });
  }
  await images.saveSettings(deps.db, conversationId, settings);
  return settingsView(deps, caller, conversationId, conversation.characterId);
}

function flagsOf(caller: Caller) {
  return (['avatar_images_v2', 'conversation_images'] as const).filter((f) =>
    isCallerFlagOn(caller, f),
  );
}

export async function listImages(
  deps: ImagesDeps,
  caller: Caller,
  conversationId: string,
): Promise<{ images: MessageImage[] }> {
  assertMayHaveImages(caller);
  await ownedConversation(deps.db, caller, conversationId);
  return { images: await images.imagesOf(deps.db, conversationId) };
}

/** A bot message of the caller's conversation, with the conversation. */
async function botMessage(db: Db, caller: Caller, ref: MessageRef) {
  const conversation = await ownedConversation(db, caller, ref.id);
  const message = await operations.findInConversation(db, ref.id, ref.messageId);
  if (message?.role !== 'bot') throw new AppError('message_not_found', { field: 'messageId' });
  return { conversation, message };
}

export async function messageImage(
  deps: ImagesDeps,
  caller: Caller,
  ref: MessageRef,
): Promise<MessageImage> {
  assertMayHaveImages(caller);
  await botMessage(deps.db, caller, ref);
  const image = await images.imageOf(deps.db, ref.messageId);
  if (image === null) throw new AppError('image_not_found');
  return image;
}

/**
 * Generates (again) a bot message's image from `prompt`, or the prompt of its last image, or its text.
 * One generation per message at a time: another while one is queued or drawn is image_in_progress.
 */
export async function generateImage(
  deps: ImagesDeps,
  caller: Caller,
  ref: MessageRef,
  input: { prompt?: string | undefined },
): Promise<MessageImage> {
  assertMayHaveImages(caller);
  const { conversation, message } = await botMessage(deps.db, caller, ref);
  if (!deps.isConfigured) throw new AppError('images_not_configured');
  const last = await images.imageOf(deps.db, ref.messageId);
  const parsed = ImagePromptSchema.safeParse(
    input.prompt ?? last?.prompt ?? defaultImagePromptOf(message.content),
  );
  if (!parsed.success) throw new AppError('validation_failed', { field: 'prompt' });
  const prompt = parsed.data;
  const settings = await images.settingsOf(deps.db, ref.id);
  const built = buildImagePrompt(
    prompt,
    settings,
    await isNsfwAllowed(deps.db, caller, conversation.characterId),
  );
  const generationId = randomUUID();
  const started = await images.startGeneration(deps.db, {
    messageId: ref.messageId,
    conversationId: ref.id,
    generationId,
    prompt,
    width: deps.size,
    height: deps.size,
    staleBefore: new Date(Date.now() - deps.staleMs),
  });
  if (started === null) throw new AppError('image_in_progress');
  let image = started.image;
  try {
    await deps.queue.enqueueGenerate({
      generationId,
      conversationId: ref.id,
      messageId: ref.messageId,
      prompt: built.prompt,
      negativePrompt: built.negativePrompt,
      lora: built.lora,
      width: deps.size,
      height: deps.size,
    });
  } catch (err) {
    deps.log.error({ err, generationId }, 'could not queue an image');
    image =
      (await images.updateGeneration(deps.db, generationId, {
        status: 'failed',
        error: 'The image could not be queued.',
      })) ?? image;
  }
  if (started.replacedUrl !== null) {
    await deps.storage.delete(started.replacedUrl).catch((err: unknown) => {
      deps.log.warn({ err, url: started.replacedUrl }, 'could not delete a replaced image');
    });
  }
  await publishImage(deps.replies, ref.id, image);
  return image;
}

/** Tells the conversation's sockets, on any server, of an image's state. */
export async function publishImage(
  replies: ReplyState,
  conversationId: string,
  image: MessageImage,
): Promise<void> {
  await replies.publish(conversationId, {
    event: 'image:updated',
    payload: { conversationId, image },
  });
}

/** The image itself (PNG bytes), only to its conversation's owner with the plan. */
export async function imageFile(
  deps: ImagesDeps,
  caller: Caller,
  ref: MessageRef,
): Promise<Buffer> {
  assertMayHaveImages(caller);
  await botMessage(deps.db, caller, ref);
  const url = await images.fileOf(deps.db, ref.messageId);
  const bytes = url === null ? null : await deps.storage.get(url);
  if (bytes === null) throw new AppError('image_not_found');
  return bytes;
}

export async function rateImage(
  deps: ImagesDeps,
  caller: Caller,
  ref: MessageRef,
  rating: ImageRating,
): Promise<MessageImage> {
  assertMayHaveImages(caller);
  await botMessage(deps.db, caller, ref);
  const image = await images.rate(deps.db, ref.messageId, rating);
  if (image === null) throw new AppError('image_not_found');
  return image;
}
