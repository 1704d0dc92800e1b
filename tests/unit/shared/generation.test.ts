import { describe, expect, it } from 'vitest';
import {
  contextBudgetOf,
  effectiveSettings,
  InferenceSettingsInputSchema,
  mayUseModel,
  modelAccessOf,
  resolveModel,
} from '#shared/rules/generation';
import type { InferenceModel } from '#shared/schemas/inference-model';
import type { Role } from '#shared/schemas/user';

const model = (id: string, tokens: number, permission: InferenceModel['permission']) => ({
  id,
  name: id,
  size: '1B',
  tokens,
  description: '',
  tag: null,
  level: 0,
  permission,
  hideUnauthorized: false,
});
const registry = [model('small', 4096, null), model('big', 16384, '8k_context')];
const access = (role: Role) => modelAccessOf({ kind: 'member', role, restrictions: [] });
const platform = { maxNewTokens: 200, temperature: 0.8, topP: 0.95, topK: 40 };

describe('contextBudgetOf', () => {
  it('gives 2048 by default and 3072, 4096, 8192 by tier, never above the model', () => {
    const on16k = model('x', 16384, null);
    const cases: [Role, number][] = [
      ['free_tier', 2048],
      ['paid_minimal', 3072],
      ['paid_basic', 4096],
    ];
    for (const [role, tokens] of cases)
      expect(contextBudgetOf(access(role).flags, on16k)).toBe(tokens);
    expect(contextBudgetOf(access('paid_premium').flags, model('x', 8192, null))).toBe(8192);
    expect(contextBudgetOf(access('paid_premium').flags, model('x', 2048, null))).toBe(2048);
  });

  it('gives 16384 to the 8K tier on a 16K model only', () => {
    expect(contextBudgetOf(access('paid_premium').flags, model('x', 16384, null))).toBe(16384);
    expect(contextBudgetOf(access('paid_premium').flags, model('x', 12000, null))).toBe(8192);
    expect(contextBudgetOf(access('admin').flags, model('x', 32768, null))).toBe(16384);
  });
});

describe('model access', () => {
  it('checks a model permission against permissions and feature flags alike', () => {
    expect(mayUseModel(model('a', 4096, 'memory_manager'), access('paid_basic'))).toBe(true);
    expect(mayUseModel(model('a', 4096, 'memory_manager'), access('free_tier'))).toBe(false);
    expect(mayUseModel(model('a', 4096, '8k_context'), access('paid_premium'))).toBe(true);
    expect(mayUseModel(model('a', 4096, '8k_context'), access('paid_basic'))).toBe(false);
  });

  it('resolves a chosen model the caller may not use (or one gone) to the first they may', () => {
    expect(resolveModel(registry, 'big', access('paid_premium')).id).toBe('big');
    expect(resolveModel(registry, 'big', access('free_tier')).id).toBe('small');
    expect(resolveModel(registry, 'gone', access('paid_premium')).id).toBe('small');
    expect(resolveModel(registry, null, access('paid_premium')).id).toBe('small');
  });

  it('treats a role the product no longer knows as the lowest tier', () => {
    const unknown = modelAccessOf({ kind: 'member', role: 'legacy_gold', restrictions: [] });
    expect(unknown.flags.generation_settings).toBe(false);
    expect(contextBudgetOf(unknown.flags, model('x', 16384, null))).toBe(2048);
  });
});

describe('effectiveSettings', () => {
  const stored = { modelId: 'big', maxNewTokens: 64, temperature: 1.5, topP: 0.5, topK: 10 };

  it('applies stored sampling for tiers with generation settings', () => {
    const s = effectiveSettings(registry, access('paid_premium'), stored, platform);
    expect(s.model.id).toBe('big');
    expect(s.contextTokens).toBe(16384);
    expect(s.sampling).toEqual({ maxNewTokens: 64, temperature: 1.5, topP: 0.5, topK: 10 });
  });

  it('uses the platform sampling for tiers without, and with nothing stored', () => {
    expect(effectiveSettings(registry, access('free_tier'), stored, platform)).toMatchObject({
      sampling: platform,
      contextTokens: 2048,
    });
    expect(effectiveSettings(registry, access('paid_basic'), null, platform).sampling).toEqual(
      platform,
    );
  });
});

describe('InferenceSettingsInputSchema', () => {
  it('accepts the edges of each range and refuses past them', () => {
    const ok = { modelId: null, maxNewTokens: 16, temperature: 0, topP: 0.05, topK: 0 };
    expect(InferenceSettingsInputSchema.safeParse(ok).success).toBe(true);
    const top = { modelId: 'm', maxNewTokens: 512, temperature: 2, topP: 1, topK: 100 };
    expect(InferenceSettingsInputSchema.safeParse(top).success).toBe(true);
    for (const bad of [
      { ...ok, maxNewTokens: 15 },
      { ...ok, maxNewTokens: 513 },
      { ...ok, temperature: 2.01 },
      { ...ok, topP: 0.04 },
      { ...ok, topK: -1 },
      { ...ok, temperature: Number.NaN },
    ]) {
      expect(InferenceSettingsInputSchema.safeParse(bad).success).toBe(false);
    }
  });
});
