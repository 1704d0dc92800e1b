/**
 * The model, sampling and context budget of one reply: the conversation owner's generation settings as
 * shared/rules/generation.ts applies them, within what the loaded model can hold.
 */
import {
  defaultTopK,
  defaultTopP,
  effectiveSettings,
  modelAccessOf,
  replyTokensOf,
  type EffectiveSettings,
} from '#shared/rules/generation';
import { hasAutoMemories } from '#shared/rules/memory';
import type { RegistryModel } from '#shared/schemas/inference-model';
import type { ReplyOwner } from '#server/db/repositories/generation-settings.repo';

export interface ReplySettingsDeps {
  models: readonly RegistryModel[];
  /** The operator's max tokens and temperature, for members who chose none. */
  maxTokens: number;
  temperature: number;
}

export interface ReplySettings extends EffectiveSettings<RegistryModel> {
  /** Tokens the prompt and the reply share: the tier's budget, within the loaded model's context. */
  contextSize: number;
  /** The reply's max tokens, leaving at least half the context to the prompt. */
  maxTokens: number;
  /** Whether turns that fall out of the budget are summarised into auto memories (issue 11 §7). */
  hasAutoMemories: boolean;
}

/** Restrictions are not read: a member who may not chat never gets a reply queued. */
export function replySettingsOf(
  deps: ReplySettingsDeps,
  owner: ReplyOwner | undefined,
  providerContextSize: number,
): ReplySettings {
  const access = modelAccessOf({
    kind: owner?.kind ?? 'guest',
    role: owner?.role ?? 'free_tier',
    restrictions: [],
  });
  const settings = effectiveSettings(deps.models, access, owner?.settings ?? null, {
    maxNewTokens: deps.maxTokens,
    temperature: deps.temperature,
    topP: defaultTopP,
    topK: defaultTopK,
  });
  const contextSize = Math.min(settings.contextTokens, providerContextSize);
  return {
    ...settings,
    contextSize,
    maxTokens: replyTokensOf(contextSize, settings.sampling.maxNewTokens),
    hasAutoMemories: hasAutoMemories(access.permissions),
  };
}
