import { describe, expect, it } from 'vitest';
import { withNsfwTag } from '#shared/rules/nsfw-tag';

describe('withNsfwTag', () => {
  it('adds the NSFW tag to an NSFW chatbot and removes it from a SFW one', () => {
    expect(withNsfwTag({ isNsfw: true, tags: ['Romance'] })).toEqual({
      isNsfw: true,
      tags: ['NSFW', 'Romance'],
    });
    expect(withNsfwTag({ isNsfw: false, tags: ['Romance'] }).tags).toEqual(['Romance']);
  });

  it('treats either special tag as NSFW', () => {
    expect(withNsfwTag({ isNsfw: false, tags: ['NSFW'] })).toEqual({
      isNsfw: true,
      tags: ['NSFW'],
    });
    expect(withNsfwTag({ isNsfw: false, tags: ['Step-Family'] })).toEqual({
      isNsfw: true,
      tags: ['NSFW', 'Step-Family'],
    });
  });
});
