import { describe, expect, it } from 'vitest';
import {
  MessageRatingSchema,
  MessageReportInputSchema,
  reasonsFor,
} from '../../../../shared/rules/message-feedback';

describe('message rating', () => {
  it('offers the negative reasons for Terrible and Bad, the positive ones for Great and Fantastic', () => {
    expect(reasonsFor('Terrible')).toContain('Respond as User');
    expect(reasonsFor('Bad')).toEqual(reasonsFor('Terrible'));
    expect(reasonsFor('Great')).toEqual(['Interesting', 'Funny', 'Good Memory', 'Spicy', 'Unique']);
    expect(reasonsFor('Fantastic')).toEqual(reasonsFor('Great'));
  });

  it('accepts a level with fitting reasons only, each once', () => {
    expect(MessageRatingSchema.safeParse({ level: 'Great', reasons: [] }).success).toBe(true);
    expect(
      MessageRatingSchema.safeParse({ level: 'Bad', reasons: ['Repetitive', 'Incomplete'] })
        .success,
    ).toBe(true);
    expect(MessageRatingSchema.safeParse({ level: 'Great', reasons: ['Repetitive'] }).success).toBe(
      false,
    );
    expect(MessageRatingSchema.safeParse({ level: 'Bad', reasons: ['Funny'] }).success).toBe(false);
    expect(
      MessageRatingSchema.safeParse({ level: 'Great', reasons: ['Funny', 'Funny'] }).success,
    ).toBe(false);
    expect(MessageRatingSchema.safeParse({ level: 'Meh', reasons: [] }).success).toBe(false);
  });
});

describe('message report', () => {
  it('takes a known label and a trimmed comment of at most 250 characters', () => {
    expect(MessageReportInputSchema.parse({ label: 'Other' })).toEqual({
      label: 'Other',
      comment: '',
    });
    expect(MessageReportInputSchema.parse({ label: 'Spam or scam', comment: '  ads  ' })).toEqual({
      label: 'Spam or scam',
      comment: 'ads',
    });
    expect(
      MessageReportInputSchema.safeParse({ label: 'Other', comment: 'x'.repeat(251) }).success,
    ).toBe(false);
    expect(MessageReportInputSchema.safeParse({ label: 'Rude', comment: '' }).success).toBe(false);
  });
});
