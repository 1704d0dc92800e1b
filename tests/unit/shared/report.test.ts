import { describe, expect, it } from 'vitest';
import { ReportInputSchema, reportTexts } from '#shared/rules/report';

const good = {
  characterId: '3f0e5a4c-8a53-4c2e-9b1e-2d7c3e4f5a6b',
  userIssueType: 'Guidelines',
  userReportDetails: 'Breaks the rules.',
  userExpectedResolution: 'deleted',
};

/** The first message of a failed parse, for the field named. */
function messageFor(input: Record<string, unknown>, field: string): string | undefined {
  const parsed = ReportInputSchema.safeParse(input);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('ReportInputSchema', () => {
  it('takes a complete report, trimming the details', () => {
    const parsed = ReportInputSchema.parse({ ...good, userReportDetails: '  Spam  ' });
    expect(parsed.userReportDetails).toBe('Spam');
  });

  it('words a missing or long id as the spec does', () => {
    expect(messageFor({ ...good, characterId: '' }, 'characterId')).toBe(reportTexts.idRequired);
    expect(messageFor({ ...good, characterId: undefined }, 'characterId')).toBe(
      reportTexts.idRequired,
    );
    expect(messageFor({ ...good, characterId: 'x'.repeat(51) }, 'characterId')).toBe(
      reportTexts.idTooLong,
    );
    expect(messageFor({ ...good, characterId: 'abc' }, 'characterId')).toBe(reportTexts.idInvalid);
  });

  it('requires details of at most 250 characters without NUL', () => {
    expect(messageFor({ ...good, userReportDetails: ' ' }, 'userReportDetails')).toBe(
      reportTexts.detailsRequired,
    );
    expect(messageFor({ ...good, userReportDetails: 'x'.repeat(251) }, 'userReportDetails')).toBe(
      reportTexts.detailsTooLong,
    );
    expect(
      ReportInputSchema.safeParse({ ...good, userReportDetails: 'x'.repeat(250) }).success,
    ).toBe(true);
    expect(
      messageFor({ ...good, userReportDetails: 'a\u0000b' }, 'userReportDetails'),
    ).toBeDefined();
  });

  it('takes only the spec’s issue types and resolutions', () => {
    expect(messageFor({ ...good, userIssueType: 'Spam' }, 'userIssueType')).toBeDefined();
    expect(
      messageFor({ ...good, userExpectedResolution: 'banned' }, 'userExpectedResolution'),
    ).toBeDefined();
    for (const t of ['Guidelines', 'Categorization', 'Incorrect Authorization', 'Invalid']) {
      expect(ReportInputSchema.safeParse({ ...good, userIssueType: t }).success).toBe(true);
    }
  });
});
