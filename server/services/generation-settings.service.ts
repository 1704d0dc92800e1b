/**
 * A member's model and sampling settings (issue 11 §8): the settings screen's view and its save. The
 * reply worker applies the same rules (shared/rules/generation.ts, effectiveSettings).
 */
import type { GenerationSettingsView } from '#shared/api/generation';
import {
  contextBudgetOf,
  effectiveSettings,
  mayTuneGeneration,
  mayUseModel,
  modelAccessOf,
  type InferenceSettingsInput,
  type ModelAccessSubject,
} from '#shared/rules/generation';
import type { InferenceSettings } from '#shared/schemas/inference-model';
import type { Config } from '../config';
import type { Db } from '../db/database';
import * as generationSettings from '../db/repositories/generation-settings.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { modelRegistryOf, platformSampling } from '../lib/model-registry';

function viewOf(config: Config, subject: ModelAccessSubject, stored: InferenceSettings | null) {
  const registry = modelRegistryOf(config);
  const access = modelAccessOf(subject);
  const { model, sampling } = effectiveSettings(registry, access, stored, platformSampling(config));
  return {
    settings: { modelId: model.id, ...sampling },
    mayTune: mayTuneGeneration(access.flags),
    models: registry
      .map((m) => ({ m, isAuthorized: mayUseModel(m, access) }))
      .filter(({ m, isAuthorized }) => isAuthorized || !m.hideUnauthorized)
      .map(({ m, isAuthorized }) => ({
        id: m.id,
        name: m.name,
        size: m.size,
        tokens: m.tokens,
        description: m.description,
        tag: m.tag,
        level: m.level,
        permission: m.permission,
        isAuthorized,
        contextTokens: contextBudgetOf(access.flags, m),
      })),
  } satisfies GenerationSettingsView;
}

function subjectOf(caller: MemberCaller): ModelAccessSubject {
  return {
    kind: caller.kind,
    role: caller.role,
    restrictions: caller.restrictions.map((r) => r.type),
  };
}

export async function getSettings(
  deps: { db: Db; config: Config },
  caller: MemberCaller,
): Promise<GenerationSettingsView> {
  return viewOf(
    deps.config,
    subjectOf(caller),
    await generationSettings.find(deps.db, caller.userId),
  );
}

export async function updateSettings(
  deps: { db: Db; config: Config },
  caller: MemberCaller,
  input: InferenceSettingsInput,
): Promise<GenerationSettingsView> {
  const subject = subjectOf(caller);
  const access = modelAccessOf(subject);
  if (input.modelId !== null) {
    const model = modelRegistryOf(deps.config).find((m) => m.id === input.modelId);
    if (!model) throw new AppError('model_not_found', { field: 'modelId' });
    if (!mayUseModel(model, access)) throw new AppError('model_forbidden', { field: 'modelId' });
  }
  const platform = platformSampling(deps.config);
  const isPlatformSampling =
    input.maxNewTokens === platform.maxNewTokens &&
    input.temperature === platform.temperature &&
    input.topP === platform.topP &&
    input.topK === platform.topK;
  // Anyone may pick a model; changing the sampling needs the plan.
  if (!isPlatformSampling && !mayTuneGeneration(access.flags)) {
    throw new AppError('generation_settings_forbidden');
  }
  await generationSettings.save(deps.db, caller.userId, input);
  return viewOf(deps.config, subject, input);
}
