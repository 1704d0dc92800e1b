/**
 * What each tier unlocks (issue 23, item 7), bought the way members buy it: a plan paid with a sandbox
 * card, then every feature the tiers gate checked with the token the member already held (the role is
 * the stored one, so a purchase applies at once): personas, models and context size, generation
 * settings, the memory manager, group Auto Response, the waiting room and reply priority.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationSettingsViewSchema } from '#shared/api/generation';
import { PersonaListSchema } from '#shared/api/personas';
import { replyPriority, tierPriority } from '#shared/jobs/generation';
import type { Role } from '#shared/schemas/user';
import {
  inject,
  me,
  newMember,
  startBillingStack,
  subscribeApproved,
  type BillingStack,
} from '../../support/billing';
import { createCharacter } from '../../support/factories';
import { createLongConversation } from '../../../testkit/long-conversation';
import { errorCode } from '../../support/http';
import type { SignedInMember } from '../../support/members';

let b: BillingStack;

/** Three models: one for all, one from the 4K tier (basic), one from the 8K tier (premium). */
function modelsFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'models-'));
  const file = path.join(dir, 'models.json');
  const model = (id: string, level: number, permission: string | null) => ({
    id,
    name: id,
    size: '',
    tokens: 16384,
    description: '',
    tag: null,
    level,
    permission,
    hideUnauthorized: false,
  });
  writeFileSync(
    file,
    JSON.stringify([
      model('standard', 0, null),
      model('pro', 1, '4k_context'),
      model('elite', 2, '8k_context'),
    ]),
  );
  return file;
}

beforeAll(async () => {
  b = await startBillingStack({ overrides: { INFERENCE_MODELS_FILE: modelsFile() } });
});
afterAll(async () => {
  await b.close();
});

/** A member on each tier; paid tiers bought at the checkout. */
const plans: Record<Role, string | null> = {
  beta_user: null,
  employee: null,
  admin: null,
  free_tier: null,
  paid_minimal: 'minimal-1y',
  paid_basic: 'basic-1m',
  paid_premium: 'premium-1m',
};

async function memberOn(role: Role): Promise<SignedInMember> {
  const member = await newMember(b);
  const planId = plans[role];
  if (planId !== null) await subscribeApproved(b, member, { planId });
  expect((await me(b, member)).role).toBe(role);
  return member;
}

interface Expected {
  personas: number;
  models: string[];
  standardContext: number;
  mayTune: boolean;
  memoryManager: boolean;
  autoResponse: boolean;
  skipsLine: boolean;
  priority: number;
}

const expected: Record<(typeof tiers)[number], Expected> = {
  free_tier: {
    personas: 3,
    models: ['standard'],
    standardContext: 2048,
    mayTune: false,
    memoryManager: false,
    autoResponse: false,
    skipsLine: false,
    priority: tierPriority.free,
  },
  paid_minimal: {
    personas: 10,
    models: ['standard'],
    standardContext: 3072,
    mayTune: false,
    memoryManager: false,
    autoResponse: false,
    skipsLine: true,
    priority: tierPriority.minimal,
  },
  paid_basic: {
    personas: 50,
    models: ['standard', 'pro'],
    standardContext: 4096,
    mayTune: true,
    memoryManager: true,
    autoResponse: false,
    skipsLine: true,
    priority: tierPriority.basic,
  },
  paid_premium: {
    personas: 100,
    models: ['standard', 'pro', 'elite'],
    standardContext: 16384,
    mayTune: true,
    memoryManager: true,
    autoResponse: true,
    skipsLine: true,
    priority: tierPriority.premium,
  },
};

const tiers = ['free_tier', 'paid_minimal', 'paid_basic', 'paid_premium'] as const;

describe.each(tiers)('a %s member', (role) => {
  const want = expected[role];
  let member: SignedInMember;

  beforeAll(async () => {
    member = await memberOn(role);
  });

  it('may keep as many personas as the tier allows', async () => {
    const res = await inject(b)({ url: '/api/personas', headers: member.headers });
    expect(PersonaListSchema.parse(res.json()).limit).toBe(want.personas);
  });

  it("uses the tier's models and context size, and tunes sampling only from basic", async () => {
    const res = await inject(b)({ url: '/api/me/generation-settings', headers: member.headers });
    const view = GenerationSettingsViewSchema.parse(res.json());
    expect(view.models.filter((m) => m.isAuthorized).map((m) => m.id)).toEqual(want.models);
    expect(view.models.find((m) => m.id === 'standard')?.contextTokens).toBe(want.standardContext);
    expect(view.mayTune).toBe(want.mayTune);
    const tune = await inject(b)({
      method: 'PUT',
      url: '/api/me/generation-settings',
      headers: member.headers,
      payload: { modelId: 'standard', maxNewTokens: 100, temperature: 1.2, topP: 0.9, topK: 40 },
    });
    if (want.mayTune) expect(tune.statusCode, tune.body).toBe(200);
    else expect(errorCode(tune.json())).toBe('generation_settings_forbidden');
    const elite = await inject(b)({
      method: 'PUT',
      url: '/api/me/generation-settings',
      headers: member.headers,
      payload: { modelId: 'elite', maxNewTokens: 256, temperature: 0.8, topP: 0.9, topK: 40 },
    });
    if (want.models.includes('elite')) expect(elite.statusCode, elite.body).toBe(200);
    else expect(errorCode(elite.json())).toBe('model_forbidden');
  });

  it('opens the memory manager from basic', async () => {
    const characterId = await createCharacter(b.stack.app.deps.db);
    const { conversationId } = await createLongConversation(b.stack.app.deps.db, {
      userId: member.session.user.id,
      characterId,
      count: 2,
    });
    const res = await inject(b)({
      url: `/api/conversations/${conversationId}/memories`,
      headers: member.headers,
    });
    if (want.memoryManager) expect(res.statusCode, res.body).toBe(200);
    else expect(errorCode(res.json())).toBe('memory_manager_forbidden');
  });

  it('switches group Auto Response on only on premium', async () => {
    const db = b.stack.app.deps.db;
    const bots = await Promise.all([createCharacter(db), createCharacter(db)]);
    const group = await inject(b)({
      method: 'POST',
      url: '/api/characters',
      headers: member.headers,
      payload: {
        type: 'meta',
        avatarUrl: '/uploads/character-avatars/group.webp',
        name: `Crew ${role.slice(-4)}`,
        title: 'Friends at a tavern',
        greeting: 'Welcome, {{user}}, pull up a chair.',
        scenario: 'A noisy tavern on a rainy night.',
        visibility: 'private',
        tags: [],
        guidelines: true,
        subCharacterIds: bots,
      },
    });
    expect(group.statusCode, group.body).toBe(200);
    const { conversationId } = await createLongConversation(db, {
      userId: member.session.user.id,
      characterId: group.json<{ id: string }>().id,
      count: 2,
    });
    const res = await inject(b)({
      method: 'PUT',
      url: `/api/conversations/${conversationId}/auto-response`,
      headers: member.headers,
      payload: { isOn: true },
    });
    if (want.autoResponse) expect(res.json()).toEqual({ isOn: true });
    else expect(errorCode(res.json())).toBe('group_premium_required');
  });

  it("skips the waiting line from the first paid tier, and queues replies by the tier's priority", async () => {
    const { permissions, role: stored } = await me(b, member);
    expect(permissions?.includes('skip_waiting_room')).toBe(want.skipsLine);
    expect(replyPriority({ kind: 'member', role: stored })).toBe(want.priority);
  });
});
