import { describe, expect, it } from 'vitest';
import { brandTheme, contrastRatio } from '../../../../client/styles/brand-theme';
import { darkTheme, lightTheme } from '../../../../client/styles/theme';

describe('brandTheme', () => {
  it('keeps the theme when the brand sets no accent', () => {
    expect(brandTheme(lightTheme, undefined)).toBe(lightTheme);
  });

  it('puts text on any accent at WCAG AA (4.5:1) or better', () => {
    for (const accent of [
      '#ffff00',
      '#777777',
      '#0000ff',
      '#ff0000',
      '#00ff00',
      '#123456',
      '#e0e0e0',
    ]) {
      for (const base of [lightTheme, darkTheme]) {
        const { color } = brandTheme(base, accent);
        expect(color.primary).toBe(accent);
        expect(contrastRatio(color.primary, color.onPrimary)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('hovers a step darker in light and lighter in dark', () => {
    const accent = '#3366cc';
    const light = brandTheme(lightTheme, accent).color.primaryHover;
    const dark = brandTheme(darkTheme, accent).color.primaryHover;
    expect(contrastRatio(light, '#000000')).toBeLessThan(contrastRatio(accent, '#000000'));
    expect(contrastRatio(dark, '#ffffff')).toBeLessThan(contrastRatio(accent, '#ffffff'));
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
