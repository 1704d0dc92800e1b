/**
 * The onboarding draft (product-core.md §3, "Onboarding draft"): kept in localStorage per email so a
 * reload resumes the same step with what was typed; cleared once sign-up succeeds.
 */
import { z } from 'zod';

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

const keyOf = (owner: string) => `charchat.onboarding.${owner}`;

export function readDraft(owner: string): OnboardingDraft {
  try {
    const raw = window.localStorage.getItem(keyOf(owner));
    if (raw === null) return emptyDraft;
    const parsed = OnboardingDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

export function writeDraft(owner: string, draft: OnboardingDraft): void {
  try {
    window.localStorage.setItem(keyOf(owner), JSON.stringify(draft));
  } catch {
    // Storage may be blocked; the draft then lasts for this page only.
  }
}

export function clearDraft(owner: string): void {
  try {
    window.localStorage.removeItem(keyOf(owner));
  } catch {
    // Nothing stored.
  }
}
