import { describe, expect, it } from 'vitest';
import {
  excerptMaxLength,
  isCoolingDown,
  isMailable,
  replyExcerpt,
} from '#shared/rules/email-notifications';

const hour = 3_600_000;

describe('isCoolingDown', () => {
  const now = new Date('2026-12-06T12:00:00Z');

  it('lets a conversation that was never mailed mail now', () => {
    expect(isCoolingDown(null, now, 6 * hour)).toBe(false);
  });

  it('keeps a conversation mailed within the window quiet', () => {
    expect(isCoolingDown(new Date(now.getTime() - hour), now, 6 * hour)).toBe(true);
    expect(isCoolingDown(new Date(now.getTime() - 6 * hour + 1), now, 6 * hour)).toBe(true);
  });

  it('lets it mail again once the window has passed', () => {
    expect(isCoolingDown(new Date(now.getTime() - 6 * hour), now, 6 * hour)).toBe(false);
    expect(isCoolingDown(new Date(now.getTime() - 7 * hour), now, 6 * hour)).toBe(false);
  });
});

describe('isMailable', () => {
  it('mails a real address, not none or an Apple relay', () => {
    expect(isMailable('ana@example.com')).toBe(true);
    expect(isMailable(null)).toBe(false);
    expect(isMailable('x1@privaterelay.appleid.com')).toBe(false);
    expect(isMailable('x1@PrivateRelay.AppleID.com')).toBe(false);
  });
});

describe('replyExcerpt', () => {
  it('keeps a short reply whole, on one line', () => {
    expect(replyExcerpt('  Hello\n\nthere  ')).toBe('Hello there');
  });

  it('cuts a long reply at a word with an ellipsis, within the limit', () => {
    const long = 'word '.repeat(200);
    const excerpt = replyExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(excerptMaxLength);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('cuts one endless word mid-word', () => {
    expect(replyExcerpt('x'.repeat(1000), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
