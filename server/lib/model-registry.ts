/**
 * The operator's inference models (product-core.md, "Inference model"), read once per configuration
 * from INFERENCE_MODELS_FILE, a JSON array of registry entries sorted here by level. Without the file
 * there is one model: the platform's own, attending to LLM_CONTEXT_SIZE tokens.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { defaultTopK, defaultTopP, type Sampling } from '#shared/rules/generation';
import { RegistryModelSchema, type RegistryModel } from '#shared/schemas/inference-model';
import type { Config } from '../config';

const RegistryFileSchema = z
  .array(RegistryModelSchema)
  .min(1)
  .refine((models) => new Set(models.map((m) => m.id)).size === models.length, {
    message: 'model ids must be unique',
  });

const loaded = new WeakMap<Config, readonly RegistryModel[]>();

export function modelRegistryOf(config: Config): readonly RegistryModel[] {
  const cached = loaded.get(config);
  if (cached) return cached;
  const models =
    config.INFERENCE_MODELS_FILE === undefined
      ? [
          {
            id: 'default',
            name: 'Standard',
            size: '',
            tokens: Math.max(256, config.LLM_CONTEXT_SIZE),
            description: 'The platform model.',
            tag: null,
            level: 0,
            permission: null,
            hideUnauthorized: false,
          },
        ]
      : RegistryFileSchema.parse(JSON.parse(readFileSync(config.INFERENCE_MODELS_FILE, 'utf8')));
  const sorted = [...models].sort((a, b) => a.level - b.level);
  loaded.set(config, sorted);
  return sorted;
}

/** The sampling of members who chose none (or may not choose): the operator's. */
export function platformSampling(config: Config): Sampling {
  return {
    maxNewTokens: config.LLM_MAX_TOKENS,
    temperature: config.LLM_TEMPERATURE,
    topP: defaultTopP,
    topK: defaultTopK,
  };
}
