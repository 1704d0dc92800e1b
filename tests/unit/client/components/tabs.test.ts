import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '../../../../client/components/tabs';

describe('nextTabIndex', () => {
  it('moves with the arrows, wrapping around, and jumps with Home and End', () => {
    expect(nextTabIndex('ArrowRight', 1, 2)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 2)).toBe(1);
    expect(nextTabIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
  });
});
