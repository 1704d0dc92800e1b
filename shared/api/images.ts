/**
 * Images in the conversation (issue 26 item 2): the conversation's image settings, a bot message's
 * image (generate, see its state, load it) and its rating. Basic and premium only (conversation_images):
 * anyone else gets images_upgrade_required, the upgrade path. With no provider configured, generating
 * answers images_not_configured and the settings say so.
 */
import { z } from 'zod';
import {
  ImagePromptSchema,
  ImageRatingSchema,
  ImageSettingsSchema,
  MessageImageSchema,
} from '../rules/images';
import { endpoint } from './endpoint';
import { MessageParamsSchema } from './messages';

/** A PNG file. */
const ImageFileSchema = z.custom<Buffer>((value) => value instanceof Uint8Array);

export const ImageSettingsViewSchema = z.object({
  settings: ImageSettingsSchema,
  /** Whether this server has an image provider; when false, nothing can be generated. */
  isConfigured: z.boolean(),
  /** Whether the conversation's chatbot and the member allow NSFW images at all. */
  isNsfwAllowed: z.boolean(),
});
export type ImageSettingsView = z.infer<typeof ImageSettingsViewSchema>;

export const getImageSettings = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/image-settings',
  auth: 'chat',
  summary: "A conversation's image settings (basic and premium)",
  params: z.object({ id: z.uuid() }),
  response: ImageSettingsViewSchema,
});

export const setImageSettings = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/image-settings',
  auth: 'chat',
  summary: "Saves a conversation's image settings (basic and premium)",
  params: z.object({ id: z.uuid() }),
  body: ImageSettingsSchema,
  response: ImageSettingsViewSchema,
});

export const listImages = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/images',
  auth: 'chat',
  summary: "The images of a conversation's bot messages (basic and premium)",
  params: z.object({ id: z.uuid() }),
  response: z.object({ images: z.array(MessageImageSchema) }),
});

export const GenerateImageInputSchema = z.strictObject({
  /** The image prompt; absent, the message's own text (or the prompt of its last image). */
  prompt: ImagePromptSchema.optional(),
});

export const generateImage = endpoint({
  method: 'POST',
  path: '/api/conversations/:id/messages/:messageId/image',
  auth: 'chat',
  summary: 'Generates (again) the image of a bot message from an image prompt (basic and premium)',
  params: MessageParamsSchema,
  body: GenerateImageInputSchema,
  response: MessageImageSchema,
});

export const getImage = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages/:messageId/image',
  auth: 'chat',
  summary: "A bot message's image: its prompt, state and progress (basic and premium)",
  params: MessageParamsSchema,
  response: MessageImageSchema,
});

export const imageFile = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages/:messageId/image/file',
  auth: 'chat',
  summary: "A bot message's image itself, a PNG (basic and premium)",
  params: MessageParamsSchema,
  response: ImageFileSchema,
});

export const rateImage = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/messages/:messageId/image-rating',
  auth: 'chat',
  summary: "Rates a message's image: a level and its image reasons (basic and premium)",
  params: MessageParamsSchema,
  body: ImageRatingSchema,
  response: MessageImageSchema,
});
