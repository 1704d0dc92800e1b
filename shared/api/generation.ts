/** Inference models and a member's generation settings (issue 11 §8; product-core.md "Chat screen"). */
import { z } from 'zod';
import { InferenceSettingsInputSchema } from '../rules/generation';
import { InferenceModelSchema, InferenceSettingsSchema } from '../schemas/inference-model';
import { ReplyPromptSchema } from '../schemas/prompt-report';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** A model as the caller sees it: unauthorized ones are listed disabled unless they are hidden. */
export const ListedModelSchema = InferenceModelSchema.omit({ hideUnauthorized: true }).extend({
  isAuthorized: z.boolean(),
  /** Context tokens a reply of this caller gets on this model (tier and model). */
  contextTokens: z.number().int(),
});
export type ListedModel = z.infer<typeof ListedModelSchema>;

export const GenerationSettingsViewSchema = z.object({
  /** The stored settings, or the defaults; the model is the one replies run on. */
  settings: InferenceSettingsSchema.extend({ modelId: z.string() }),
  /** Whether the caller may change sampling (generation_settings: basic and premium); any member picks a model. */
  mayTune: z.boolean(),
  models: z.array(ListedModelSchema),
});
export type GenerationSettingsView = z.infer<typeof GenerationSettingsViewSchema>;

export const getGenerationSettings = endpoint({
  method: 'GET',
  path: '/api/me/generation-settings',
  auth: 'member',
  summary: "The member's model and sampling settings, with the models they may choose",
  response: GenerationSettingsViewSchema,
});

/** Saves the whole set; sampling other than the defaults needs generation_settings. */
export const updateGenerationSettings = endpoint({
  method: 'PUT',
  path: '/api/me/generation-settings',
  auth: 'member',
  summary: "Save the member's model and sampling settings",
  body: InferenceSettingsInputSchema,
  response: GenerationSettingsViewSchema,
});

/**
 * The context meter: how the newest reply's prompt filled the budget and what was left out. Members only,
 * like the generation settings that shape that budget (product-core.md §6: guests get limited features).
 */
export const ConversationContextSchema = z.object({
  latest: ReplyPromptSchema.omit({ messages: true }).extend({ messageId: z.string() }).nullable(),
  /** Whether the caller may open the exact prompt of a reply (the bot's creator, an admin). */
  mayViewPrompt: z.boolean(),
});
export type ConversationContext = z.infer<typeof ConversationContextSchema>;

export const getConversationContext = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/context',
  auth: 'member',
  summary: "How the newest reply's prompt filled the context budget",
  params: IdParamsSchema,
  response: ConversationContextSchema,
});

/** The exact prompt a reply was written from: for the bot's creator and admins. */
export const getReplyPrompt = endpoint({
  method: 'GET',
  path: '/api/messages/:id/prompt',
  auth: 'member',
  summary: 'The exact prompt of a bot reply (bot creator or admin)',
  params: IdParamsSchema,
  response: ReplyPromptSchema,
});
