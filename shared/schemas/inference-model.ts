/**
 * An inference model of the operator's registry (product-core.md, "Inference model") and a member's
 * inference settings ("Inference settings": model, max new tokens, temperature, top-p, top-k).
 */
import { z } from 'zod';
import { FeatureFlagSchema, PermissionSchema } from './permission';

export const ModelIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, 'Letters, digits and . _ - (at most 64)');

/** What a client learns of a model: the registry entry without where it runs. */
export const InferenceModelSchema = z.object({
  id: ModelIdSchema,
  name: z.string().min(1).max(80),
  /** Parameter count as shown, such as "8B". */
  size: z.string().max(20),
  /** Context tokens the model attends to (8K, 16K). */
  tokens: z.number().int().min(256).max(1_048_576),
  description: z.string().max(500),
  tag: z.string().max(30).nullable(),
  /** Sort order in the model select, lowest first. */
  level: z.number().int().min(0),
  /** What a caller must hold to use it (a permission or a feature flag); null: everyone. */
  permission: z.union([PermissionSchema, FeatureFlagSchema]).nullable(),
  /** Unauthorized callers do not see it at all (else they see it disabled). */
  hideUnauthorized: z.boolean(),
});
export type InferenceModel = z.infer<typeof InferenceModelSchema>;

/** A registry entry as the operator writes it: where the model runs is theirs to say. */
export const RegistryModelSchema = InferenceModelSchema.extend({
  /** The model name sent to an OpenAI-wire provider; the platform's LLM_MODEL when absent. */
  upstreamModel: z.string().min(1).max(200).optional(),
});
export type RegistryModel = z.infer<typeof RegistryModelSchema>;

export const InferenceSettingsSchema = z.object({
  /** Null: the registry's default model. */
  modelId: ModelIdSchema.nullable(),
  maxNewTokens: z.number().int(),
  temperature: z.number(),
  topP: z.number(),
  topK: z.number().int(),
});
export type InferenceSettings = z.infer<typeof InferenceSettingsSchema>;
