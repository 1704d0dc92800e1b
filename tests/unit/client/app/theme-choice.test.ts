/** The theme toggle's press: the other scheme, or back to following the system. */
import { describe, expect, it } from 'vitest';
import { toggledThemeChoice } from '../../../../client/app/theme-choice';

describe('toggledThemeChoice', () => {
  it('pins the other scheme while the page follows the system', () => {
    expect(toggledThemeChoice('light', 'light')).toBe('dark');
    expect(toggledThemeChoice('dark', 'dark')).toBe('light');
  });

  it("follows the system again when switching back to the system's scheme", () => {
    expect(toggledThemeChoice('dark', 'light')).toBeNull();
    expect(toggledThemeChoice('light', 'dark')).toBeNull();
  });
});
