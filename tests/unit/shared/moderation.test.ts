import { describe, expect, it } from 'vitest';
import {
  characterLabel,
  isEditLocked,
  isListable,
  matchesOwnedFilter,
  moderationOnSave,
  moderationOutcome,
  moderationRank,
  offersManualReview,
  ownedListFilters,
  ruleFailures,
  undecidedReason,
  type ModeratedText,
  type OwnedListFilter,
  type StoredVisibility,
  type ModerationStatus,
} from '#shared/rules/moderation';

const text: ModeratedText = {
  name: 'Aria',
  title: 'A ship captain',
  greeting: 'Welcome aboard.',
  persona: 'Brave and stern.',
  scenario: 'The open sea.',
  dialogue: '',
  tags: ['Adventure'],
  isNsfw: false,
  avatarIsNsfw: false,
};

describe('moderationOnSave', () => {
  const save = (visibility: 'public' | 'private' | 'hidden', submitForManualReview = false) => ({
    visibility,
    submitForManualReview,
  });

  it('sends a new public chatbot to review and leaves private and unlisted ones alone', () => {
    expect(moderationOnSave(null, save('public'))).toMatchObject({
      ok: true,
      moderationStatus: 'pending',
      review: true,
    });
    for (const v of ['private', 'hidden'] as const) {
      expect(moderationOnSave(null, save(v))).toMatchObject({
        ok: true,
        visibility: v,
        moderationStatus: null,
        review: false,
      });
    }
  });

  it('reviews an approved public chatbot saved again, and publishing a private one', () => {
    const approved = {
      visibility: 'public' as const,
      moderationStatus: 'closed' as const,
      moderationAction: null,
    };
    expect(moderationOnSave(approved, save('public'))).toMatchObject({
      moderationStatus: 'pending',
    });
    const priv = { visibility: 'private' as const, moderationStatus: null, moderationAction: null };
    expect(moderationOnSave(priv, save('public'))).toMatchObject({ moderationStatus: 'pending' });
  });

  it('refuses saves while in review', () => {
    for (const s of ['pending', 'rereview_required', 'manual_review_required'] as const) {
      expect(
        moderationOnSave(
          { visibility: 'public', moderationStatus: s, moderationAction: null },
          save('public'),
        ),
      ).toEqual({ ok: false, code: 'character_under_review' });
    }
  });

  it('resubmits a chatbot that needs fixing, visibility locked, or asks for a person', () => {
    const flagged = {
      visibility: 'public' as const,
      moderationStatus: 'fix_required' as const,
      moderationAction: null,
    };
    expect(moderationOnSave(flagged, save('public'))).toMatchObject({
      moderationStatus: 'rereview_required',
      review: true,
      manualReviewRequested: false,
    });
    expect(moderationOnSave(flagged, save('public', true))).toMatchObject({
      moderationStatus: 'manual_review_required',
      manualReviewRequested: true,
    });
    expect(moderationOnSave(flagged, save('hidden'))).toEqual({
      ok: false,
      code: 'character_visibility_locked',
    });
  });

  it('offers manual review only from fix_required, and not once a moderator has decided', () => {
    expect(moderationOnSave(null, save('public', true))).toEqual({
      ok: false,
      code: 'validation_failed',
      manualReview: 'not_flagged',
    });
    const rejected = {
      visibility: 'public' as const,
      moderationStatus: 'fix_required' as const,
      moderationAction: 'Removed the link from the greeting',
    };
    expect(moderationOnSave(rejected, save('public', true))).toEqual({
      ok: false,
      code: 'validation_failed',
      manualReview: 'moderator_decided',
    });
    // Fixing and resubmitting stays open.
    expect(moderationOnSave(rejected, save('public'))).toMatchObject({
      ok: true,
      moderationStatus: 'rereview_required',
    });
  });

  it('keeps permanently_private private and locked', () => {
    const locked = {
      visibility: 'permanently_private' as const,
      moderationStatus: null,
      moderationAction: null,
    };
    expect(moderationOnSave(locked, save('public'))).toEqual({
      ok: false,
      code: 'character_visibility_locked',
    });
    expect(moderationOnSave(locked, save('private'))).toMatchObject({
      ok: true,
      visibility: 'permanently_private',
      review: false,
    });
  });
});

describe('moderationOutcome', () => {
  it('lists a pass, asks for a fix on a failure, or a moderator when the creator asked', () => {
    expect(moderationOutcome({ kind: 'pass' }, false)).toEqual({
      moderationStatus: null,
      reasons: [],
    });
    expect(moderationOutcome({ kind: 'fail', reasons: ['r'] }, false)).toEqual({
      moderationStatus: 'fix_required',
      reasons: ['r'],
    });
    expect(moderationOutcome({ kind: 'fail', reasons: ['r'] }, true)).toEqual({
      moderationStatus: 'manual_review_required',
      reasons: ['r'],
    });
  });

  it('never passes an unreadable verdict silently', () => {
    expect(moderationOutcome({ kind: 'unparseable' }, false)).toEqual({
      moderationStatus: 'manual_review_required',
      reasons: [undecidedReason],
    });
  });
});

describe('labels, order and locks', () => {
  it('labels cards as the spec says', () => {
    expect(characterLabel('pending', 'public')).toBe('Under Review');
    expect(characterLabel('rereview_required', 'public')).toBe('Under Review');
    expect(characterLabel('manual_review_required', 'public')).toBe('Under Manual Review');
    expect(characterLabel('fix_required', 'private')).toBe('Action Required');
    expect(characterLabel('closed', 'public')).toBe('Public');
    expect(characterLabel(null, 'hidden')).toBe('Unlisted');
    expect(characterLabel(null, 'permanently_private')).toBe('Private');
  });

  it('orders fix_required first, then review, then the rest', () => {
    const statuses = [null, 'pending', 'closed', 'fix_required', 'rereview_required'] as const;
    const sorted = [...statuses].sort((a, b) => moderationRank(a) - moderationRank(b));
    expect(sorted.slice(0, 3)).toEqual(['fix_required', 'pending', 'rereview_required']);
  });

  it('locks the form in review and lists only none or closed', () => {
    expect(isEditLocked('pending')).toBe(true);
    expect(isEditLocked('manual_review_required')).toBe(true);
    expect(isEditLocked('fix_required')).toBe(false);
    expect(isListable(null)).toBe(true);
    expect(isListable('closed')).toBe(true);
    expect(isListable('pending')).toBe(false);
  });

  it('offers manual review for an automatic flag only', () => {
    expect(offersManualReview({ moderationStatus: 'fix_required', moderationAction: null })).toBe(
      true,
    );
    expect(
      offersManualReview({ moderationStatus: 'fix_required', moderationAction: 'Rejected' }),
    ).toBe(false);
  });
});

describe('matchesOwnedFilter', () => {
  const visibilities: StoredVisibility[] = ['public', 'private', 'permanently_private', 'hidden'];
  const statuses: (ModerationStatus | null)[] = [
    null,
    'pending',
    'rereview_required',
    'manual_review_required',
    'fix_required',
    'closed',
  ];
  const all = visibilities.flatMap((visibility) =>
    statuses.map((moderationStatus) => ({ visibility, moderationStatus })),
  );
  const shown = (filter: OwnedListFilter) =>
    all
      .filter((item) => matchesOwnedFilter(item, filter))
      .map((i) => `${i.visibility}/${String(i.moderationStatus)}`);

  it('offers the six filters of the spec in order', () => {
    expect(ownedListFilters).toEqual([
      'All',
      'Public',
      'Private',
      'Unlisted',
      'Under Review',
      'Action Required',
    ]);
  });

  it('shows everything under All', () => {
    expect(shown('All')).toHaveLength(all.length);
  });

  it('filters by visibility, permanently private counting as Private', () => {
    expect(
      all.filter((i) => matchesOwnedFilter(i, 'Public')).every((i) => i.visibility === 'public'),
    ).toBe(true);
    expect(shown('Public')).toHaveLength(statuses.length);
    expect(
      new Set(all.filter((i) => matchesOwnedFilter(i, 'Private')).map((i) => i.visibility)),
    ).toEqual(new Set(['private', 'permanently_private']));
    expect(
      new Set(all.filter((i) => matchesOwnedFilter(i, 'Unlisted')).map((i) => i.visibility)),
    ).toEqual(new Set(['hidden']));
  });

  it('puts every review status under Under Review and fix_required under Action Required', () => {
    const statusesUnder = (filter: OwnedListFilter) =>
      new Set(all.filter((i) => matchesOwnedFilter(i, filter)).map((i) => i.moderationStatus));
    expect(statusesUnder('Under Review')).toEqual(
      new Set(['pending', 'rereview_required', 'manual_review_required']),
    );
    expect(statusesUnder('Action Required')).toEqual(new Set(['fix_required']));
  });
});

describe('ruleFailures', () => {
  it('passes a plain chatbot', () => {
    expect(ruleFailures(text)).toEqual([]);
  });

  it.each([
    ['a link', { scenario: 'Join at https://discord.gg/abc' }, 'url/link'],
    ['a bare domain', { greeting: 'Find me on spam.com' }, 'url/link'],
    ['minors with NSFW', { isNsfw: true, persona: 'She is 15 years old.' }, 'minors'],
    ['an underage tag with NSFW', { isNsfw: true, tags: ['Loli'] }, 'minors'],
    ['Step-Family on SFW', { tags: ['Step-Family'] }, 'Step-Family'],
    ['an NSFW avatar on SFW', { avatarIsNsfw: true }, 'NSFW avatar'],
  ])('refuses %s', (_, change, reason) => {
    expect(ruleFailures({ ...text, ...change }).join(' ')).toContain(reason);
  });

  it('allows the same words on a SFW chatbot, and adults on an NSFW one', () => {
    expect(ruleFailures({ ...text, persona: 'A teacher of children.' })).toEqual([]);
    expect(ruleFailures({ ...text, isNsfw: true, persona: 'She is 25 years old.' })).toEqual([]);
    expect(ruleFailures({ ...text, isNsfw: true, persona: 'Two years older than you.' })).toEqual(
      [],
    );
  });
});
