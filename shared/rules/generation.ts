/**
 * Generation settings and the context budget (product-core.md §6 "Context memory", "Inference
 * settings"): the safe ranges a member may choose from, the defaults, which models a caller may use and
 * how many context tokens a reply gets for the caller's tier and model.
 */
import { z } from 'zod';
import type { FeatureFlag, Permission } from '../schemas/permission';
import type { InferenceModel, InferenceSettings } from '../schemas/inference-model';
import { ModelIdSchema } from '../schemas/inference-model';
import type { RestrictionType } from '../schemas/restriction';
import { StoredRoleSchema } from '../schemas/user';
import { contextTokensOf, featureFlagsOf, permissionsOf } from './permissions';

/** Inclusive bounds and the slider step of each sampling setting. */
export const settingRanges = {
  maxNewTokens: { min: 16, max: 512, step: 16 },
  temperature: { min: 0, max: 2, step: 0.05 },
  topP: { min: 0.05, max: 1, step: 0.05 },
  /** 0 turns top-k off. */
  topK: { min: 0, max: 100, step: 1 },
} as const;

/** Sampling a member has not chosen: the operator sets max new tokens and temperature. */
export type Sampling = Omit<InferenceSettings, 'modelId'>;

/** The nucleus and top-k of a model call without settings (llama.cpp's defaults). */
export const defaultTopP = 0.95;
export const defaultTopK = 40;

const ranged = (r: { min: number; max: number }, label: string) =>
  z
    .number()
    .min(r.min, `${label} must be at least ${r.min}`)
    .max(r.max, `${label} must be at most ${r.max}`);

/** What a member may save; every field inside its safe range. */
export const InferenceSettingsInputSchema = z.object({
  modelId: ModelIdSchema.nullable(),
  maxNewTokens: ranged(settingRanges.maxNewTokens, 'Max new tokens').int(),
  temperature: ranged(settingRanges.temperature, 'Temperature'),
  topP: ranged(settingRanges.topP, 'Top-p'),
  topK: ranged(settingRanges.topK, 'Top-k').int(),
});
export type InferenceSettingsInput = z.infer<typeof InferenceSettingsInputSchema>;

/** What a caller holds, as far as model access goes. */
export interface ModelAccess {
  permissions: readonly Permission[];
  flags: Record<FeatureFlag, boolean>;
}

export function mayUseModel(
  model: Pick<InferenceModel, 'permission'>,
  access: ModelAccess,
): boolean {
  const need = model.permission;
  if (need === null) return true;
  return (
    access.permissions.some((p) => p === need) ||
    Object.entries(access.flags).some(([flag, isOn]) => isOn && flag === need)
  );
}

/**
 * The tokens kept for the reply out of a context: its max new tokens, leaving at least half the context
 * to the prompt. The rest is the prompt's budget, which the context meter shows.
 */
export function replyTokensOf(contextTokens: number, maxNewTokens: number): number {
  return Math.min(maxNewTokens, Math.floor(contextTokens / 2));
}

/** Whether the caller may change sampling settings (the generation_settings flag: basic and up). */
export function mayTuneGeneration(flags: Record<FeatureFlag, boolean>): boolean {
  return flags.generation_settings;
}

/**
 * Context tokens a reply gets: the tier's allowance (2048, 3072, 4096, 8192; 16384 with the 8K
 * allowance on a 16K model), never more than the model attends to.
 */
export function contextBudgetOf(
  flags: Record<FeatureFlag, boolean>,
  model: Pick<InferenceModel, 'tokens'>,
): number {
  const tier = flags['8k_context'] && model.tokens >= 16384 ? 16384 : contextTokensOf(flags);
  return Math.min(tier, model.tokens);
}

/**
 * The model a reply runs on: the chosen one while it exists and the caller may use it, else the first
 * the caller may use (registry order is by level), else the first of all.
 */
export function resolveModel<M extends InferenceModel>(
  registry: readonly M[],
  chosenId: string | null,
  access: ModelAccess,
): M {
  const chosen = registry.find((m) => m.id === chosenId);
  if (chosen && mayUseModel(chosen, access)) return chosen;
  const first = registry.find((m) => mayUseModel(m, access)) ?? registry[0];
  if (!first) throw new Error('the model registry is empty');
  return first;
}

/** Who asks, as stored: a role the product no longer knows counts as the lowest tier. */
export interface ModelAccessSubject {
  kind: 'guest' | 'member';
  role: string;
  restrictions: readonly RestrictionType[];
}

export function modelAccessOf(subject: ModelAccessSubject): ModelAccess {
  const role = StoredRoleSchema.parse(subject.role);
  const s = { kind: subject.kind, role, restrictions: subject.restrictions };
  return { permissions: permissionsOf(s), flags: featureFlagsOf(s) };
}

/** What a reply runs with: the model, its sampling and the context tokens of the caller's tier. */
export interface EffectiveSettings<M extends InferenceModel> {
  model: M;
  contextTokens: number;
  sampling: Sampling;
}

/** Stored settings as they apply: sampling only for callers who may tune, the model resolved. */
export function effectiveSettings<M extends InferenceModel>(
  registry: readonly M[],
  access: ModelAccess,
  stored: InferenceSettings | null,
  platform: Sampling,
): EffectiveSettings<M> {
  const model = resolveModel(registry, stored?.modelId ?? null, access);
  const { maxNewTokens, temperature, topP, topK } =
    stored !== null && mayTuneGeneration(access.flags) ? stored : platform;
  return {
    model,
    contextTokens: contextBudgetOf(access.flags, model),
    sampling: { maxNewTokens, temperature, topP, topK },
  };
}
