/**
 * The onboarding draft (product-core.md §3, "Onboarding draft"): kept in this browser per email so a
 * reload resumes the same step with what was typed; cleared once sign-up succeeds.
 */
import { z } from 'zod';
import { createDraftStore } from '../../lib/browser-storage';

export const OnboardingDraftSchema = z.object({
  step: z.union([z.literal(1), z.literal(2)]),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  age: z.boolean(),
  toc: z.boolean(),
  guidelines: z.boolean(),
});
export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>;

export const emptyDraft: OnboardingDraft = {
  step: 1,
  username: '',
  name: '',
  email: '',
  age: false,
  toc: false,
  guidelines: false,
};

const drafts = createDraftStore('onboardingDraft', OnboardingDraftSchema);

export function readDraft(owner: string): OnboardingDraft {
  return drafts.load(owner) ?? emptyDraft;
}

/** Storage may be blocked; the draft then lasts for this page only. */
export function writeDraft(owner: string, draft: OnboardingDraft): void {
  drafts.save(owner, draft);
}

export function clearDraft(owner: string): void {
  drafts.clear(owner);
}
