import { describe, expect, it } from 'vitest';
import { brandSectionNames, brandSections, isPathOff } from '#shared/rules/brand-sections';

describe('isPathOff', () => {
  it('takes a section’s pages and API, a whole segment at a time', () => {
    expect(isPathOff(['subscriptions'], 'pages', '/subscribe')).toBe(true);
    expect(isPathOff(['subscriptions'], 'pages', '/plan-comparison/annual')).toBe(true);
    expect(isPathOff(['subscriptions'], 'pages', '/checkout?plan_id=1')).toBe(true);
    expect(isPathOff(['subscriptions'], 'pages', '/subscribers')).toBe(false);
    expect(isPathOff(['subscriptions'], 'api', '/api/checkout/calculate')).toBe(true);
    expect(isPathOff(['subscriptions'], 'api', '/api/plans?frequency=annual')).toBe(true);
    expect(isPathOff(['subscriptions'], 'api', '/api/planspam')).toBe(false);
    expect(isPathOff(['personas'], 'pages', '/personas/edit')).toBe(true);
    expect(isPathOff(['creators'], 'pages', '/creator/someone')).toBe(true);
    expect(isPathOff(['creators'], 'pages', '/creators/leaderboard')).toBe(false);
  });

  it('leaves everything on when no section is off, and the home, chat and account pages always', () => {
    for (const path of ['/', '/chat/abc', '/profile', '/api/me', '/api/conversations/x']) {
      expect(isPathOff([], 'pages', path)).toBe(false);
      expect(isPathOff(brandSectionNames, 'pages', path)).toBe(false);
      expect(isPathOff(brandSectionNames, 'api', path)).toBe(false);
    }
  });

  it('names every section it describes', () => {
    expect([...brandSectionNames].sort()).toEqual(Object.keys(brandSections).sort());
  });
});
