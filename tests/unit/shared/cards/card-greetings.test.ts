import { describe, expect, it } from 'vitest';
import { cardGreetingsMax, cardGreetingsOf, openingGreetings } from '#shared/cards/card-greetings';
import { characterLimits } from '#shared/rules/character';

describe('cardGreetingsOf', () => {
  it('reads alternate and group-only greetings, skipping blank and non-text ones', () => {
    expect(
      cardGreetingsOf({
        alternate_greetings: ['One', '', 3, 'Two'],
        group_only_greetings: ['  ', 'Group'],
      }),
    ).toEqual({ alternate: ['One', 'Two'], groupOnly: ['Group'] });
    expect(cardGreetingsOf({ alternate_greetings: 'One' })).toEqual({
      alternate: [],
      groupOnly: [],
    });
  });

  it('keeps at most the maximum, each within the greeting limit', () => {
    const many = Array.from({ length: 80 }, () => 'x'.repeat(characterLimits.greeting.max + 10));
    const { alternate } = cardGreetingsOf({ alternate_greetings: many });
    expect(alternate).toHaveLength(cardGreetingsMax);
    expect(alternate[0]).toHaveLength(characterLimits.greeting.max);
  });
});

describe('openingGreetings', () => {
  it('puts the own greeting first and skips a blank one', () => {
    expect(openingGreetings('Hi', ['A'])).toEqual(['Hi', 'A']);
    expect(openingGreetings(' ', ['A'])).toEqual(['A']);
  });
});
