/**
 * Moderation of published chatbots (product-core.md §4, "Moderation", "Submit for review", "Card
 * labels"): the statuses, what a save does to them, what a review outcome does, the labels and order
 * My Chatbots shows, and the rules a chatbot is checked against before the model classifies it. One
 * pure module, so the server, the moderation worker and the client answer the same way.
 */
import { z } from 'zod';
import type { CharacterFields } from '../schemas/character';
import { isPrivateVisibility, type VisibilityInput } from './character';

/** The spec's moderation statuses; `closed` is treated as none. */
export const ModerationStatusSchema = z.enum([
  'pending',
  'rereview_required',
  'manual_review_required',
  'fix_required',
  'closed',
]);
export type ModerationStatus = z.infer<typeof ModerationStatusSchema>;

/** Stored visibility, including the locked `permanently_private`. */
export type StoredVisibility = VisibilityInput | 'permanently_private';

/** Statuses that lock the edit form (chat still allowed); manual review also greys the card out. */
export function isEditLocked(status: ModerationStatus | null): boolean {
  return (
    status === 'pending' || status === 'rereview_required' || status === 'manual_review_required'
  );
}

/** Whether a status keeps a bot out of the public listing (only none and closed are listed). */
export function isListable(status: ModerationStatus | null): boolean {
  return status === null || status === 'closed';
}

/** What saving a chatbot does to its moderation, or why the save is refused. */
export type SaveDecision =
  | {
      ok: true;
      /** The visibility to store (permanently_private stays so). */
      visibility: StoredVisibility;
      moderationStatus: ModerationStatus | null;
      /** Whether a moderation job must review this save. */
      review: boolean;
      manualReviewRequested: boolean;
    }
  | {
      ok: false;
      code: 'character_under_review' | 'character_visibility_locked' | 'validation_failed';
      /** Why a manual review was refused (validation_failed): never flagged, or a moderator decided. */
      manualReview?: 'not_flagged' | 'moderator_decided';
    };

/**
 * The moderation transition of a save (create when `before` is null). Publishing sends the bot to
 * review (pending), as does saving a public bot again; saving from fix_required resubmits it
 * (rereview_required) with its visibility locked; 'Submit for Manual Review' (only from fix_required
 * the automatic review set, offersManualReview) asks for a person (manual_review_required). A bot in
 * review cannot be saved; permanently_private never changes visibility.
 */
export function moderationOnSave(
  before: {
    visibility: StoredVisibility;
    moderationStatus: ModerationStatus | null;
    /** What a moderator did; once one has decided, manual review is no longer offered. */
    moderationAction: string | null;
  } | null,
  next: { visibility: VisibilityInput; submitForManualReview: boolean },
): SaveDecision {
  const status = before?.moderationStatus ?? null;
  if (isEditLocked(status)) return { ok: false, code: 'character_under_review' };
  if (before?.visibility === 'permanently_private') {
    if (next.visibility !== 'private') return { ok: false, code: 'character_visibility_locked' };
  }
  const visibility: StoredVisibility =
    before?.visibility === 'permanently_private' ? 'permanently_private' : next.visibility;
  if (status === 'fix_required') {
    if (before?.visibility !== visibility)
      return { ok: false, code: 'character_visibility_locked' };
    if (next.submitForManualReview && before.moderationAction !== null) {
      return { ok: false, code: 'validation_failed', manualReview: 'moderator_decided' };
    }
    return next.submitForManualReview
      ? {
          ok: true,
          visibility,
          moderationStatus: 'manual_review_required',
          review: true,
          manualReviewRequested: true,
        }
      : {
          ok: true,
          visibility,
          moderationStatus: 'rereview_required',
          review: true,
          manualReviewRequested: false,
        };
  }
  if (next.submitForManualReview) {
    return { ok: false, code: 'validation_failed', manualReview: 'not_flagged' };
  }
  if (visibility === 'public') {
    return {
      ok: true,
      visibility,
      moderationStatus: 'pending',
      review: true,
      manualReviewRequested: false,
    };
  }
  return {
    ok: true,
    visibility,
    moderationStatus: null,
    review: false,
    manualReviewRequested: false,
  };
}

/** A review's verdict: the rules' or the model's, or a model answer that could not be read. */
export type ModerationVerdict =
  { kind: 'pass' } | { kind: 'fail'; reasons: string[] } | { kind: 'unparseable' };

/** Shown when the model's answer could not be read: a person decides, never a silent pass. */
export const undecidedReason =
  'The automatic review could not decide; a moderator will look at it.';

/**
 * Where a review leaves the bot: a pass lists it; a failure asks the creator to fix it, or goes to a
 * moderator when the creator asked for one; an unreadable verdict always goes to a moderator.
 */
export function moderationOutcome(
  verdict: ModerationVerdict,
  manualReviewRequested: boolean,
): { moderationStatus: ModerationStatus | null; reasons: string[] } {
  switch (verdict.kind) {
    case 'pass':
      return { moderationStatus: null, reasons: [] };
    case 'fail':
      return {
        moderationStatus: manualReviewRequested ? 'manual_review_required' : 'fix_required',
        reasons: verdict.reasons,
      };
    case 'unparseable':
      return { moderationStatus: 'manual_review_required', reasons: [undecidedReason] };
  }
}

/**
 * Whether the form offers 'Submit for Manual Review': the automatic review flagged the bot and no
 * moderator has decided yet (a moderator's rejection carries the action they took).
 */
export function offersManualReview(c: {
  moderationStatus: ModerationStatus | null;
  moderationAction: string | null;
}): boolean {
  return c.moderationStatus === 'fix_required' && c.moderationAction === null;
}

/** The card label of product-core.md §4 "Card labels". */
export function characterLabel(
  status: ModerationStatus | null,
  visibility: StoredVisibility,
): 'Under Review' | 'Under Manual Review' | 'Action Required' | 'Public' | 'Private' | 'Unlisted' {
  switch (status) {
    case 'pending':
    case 'rereview_required':
      return 'Under Review';
    case 'manual_review_required':
      return 'Under Manual Review';
    case 'fix_required':
      return 'Action Required';
    case 'closed':
    case null:
      break;
  }
  if (visibility === 'public') return 'Public';
  return visibility === 'hidden' ? 'Unlisted' : 'Private';
}

/** The filters of My Chatbots and My Group Chats (product-core.md §2 "My Chatbots"). */
export const ownedListFilters = [
  'All',
  'Public',
  'Private',
  'Unlisted',
  'Under Review',
  'Action Required',
] as const;
export type OwnedListFilter = (typeof ownedListFilters)[number];

/** Whether one of the creator's chatbots or groups shows under a filter of My Chatbots. */
export function matchesOwnedFilter(
  item: { visibility: StoredVisibility; moderationStatus: ModerationStatus | null },
  filter: OwnedListFilter,
): boolean {
  switch (filter) {
    case 'All':
      return true;
    case 'Public':
      return item.visibility === 'public';
    case 'Private':
      return isPrivateVisibility(item.visibility);
    case 'Unlisted':
      return item.visibility === 'hidden';
    case 'Under Review':
      return isEditLocked(item.moderationStatus);
    case 'Action Required':
      return item.moderationStatus === 'fix_required';
  }
}

/** My Chatbots order: fix_required first, then rereview_required and pending, then the rest. */
export function moderationRank(status: ModerationStatus | null): number {
  if (status === 'fix_required') return 0;
  if (status === 'rereview_required' || status === 'pending') return 1;
  return 2;
}

/** What the rules read of a chatbot. */
export type ModeratedText = Pick<
  CharacterFields,
  | 'name'
  | 'title'
  | 'greeting'
  | 'persona'
  | 'scenario'
  | 'dialogue'
  | 'tags'
  | 'isNsfw'
  | 'avatarIsNsfw'
>;

const linkPattern = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|gg|ly|me|xyz|ru)\b/i;
/** Words that make a character a minor; with NSFW content they are refused outright. */
const minorPattern =
  /\b(minors?|underage|under-age|child|children|kids?|loli|shota|preteens?|pre-teens?|middle[- ]school(er)?|elementary[- ]school(er)?|junior[- ]high|(1[0-7]|[1-9])[- ]?(years?|yrs?)[- ]?old)\b/i;

/** The rule list, each a reason a creator can act on; a chatbot failing one is not sent to the model. */
export const moderationRules: readonly {
  id: string;
  reason: string;
  fails: (c: ModeratedText) => boolean;
}[] = [
  {
    id: 'links',
    reason: 'Chatbots should not contain any url/link',
    fails: (c) =>
      [c.name, c.title, c.greeting, c.persona, c.scenario, c.dialogue].some((t) =>
        linkPattern.test(t),
      ),
  },
  {
    id: 'minors-nsfw',
    reason: 'NSFW chatbots may not involve minors',
    fails: (c) =>
      c.isNsfw &&
      [c.name, c.title, c.greeting, c.persona, c.scenario, c.dialogue, ...c.tags].some((t) =>
        minorPattern.test(t),
      ),
  },
  {
    id: 'step-family-sfw',
    reason: 'The Step-Family tag is for NSFW chatbots only',
    fails: (c) => c.tags.includes('Step-Family') && !c.isNsfw,
  },
  {
    id: 'nsfw-avatar-sfw',
    reason: 'An NSFW avatar needs the chatbot marked NSFW',
    fails: (c) => c.avatarIsNsfw && !c.isNsfw,
  },
];

/** The reasons the rules refuse a chatbot for; empty when every rule passes. */
export function ruleFailures(c: ModeratedText): string[] {
  return moderationRules.filter((r) => r.fails(c)).map((r) => r.reason);
}
