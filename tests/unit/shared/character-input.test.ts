import { describe, expect, it } from 'vitest';
import { SaveCharacterBodySchema } from '#shared/api/authoring';
import { characterLimits } from '#shared/rules/character';

const valid = {
  name: 'Aria',
  title: 'A ship captain',
  greeting: 'Welcome aboard.',
  persona: '',
  scenario: '',
  dialogue: '',
  avatarUrl: null,
  avatarIsNsfw: false,
  isNsfw: false,
  visibility: 'public',
  tags: ['Adventure'],
  language: 'en',
  guidelines: true,
};

function issues(input: object): { path: string; message: string }[] {
  const parsed = SaveCharacterBodySchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('SaveCharacterBodySchema', () => {
  it('accepts a valid chatbot and defaults the manual-review ask to off', () => {
    const parsed = SaveCharacterBodySchema.parse(valid);
    expect(parsed.submitForManualReview).toBe(false);
  });

  it.each([
    [{ name: '' }, 'name', 'This field is required'],
    [{ name: 'Al' }, 'name', 'At least 3 characters required'],
    [
      { name: 'x'.repeat(characterLimits.name.max + 1) },
      'name',
      'Name should be 50 characters or less',
    ],
    [{ title: 'x'.repeat(101) }, 'title', 'Title should be 100 characters or less'],
    [{ greeting: 'x'.repeat(4001) }, 'greeting', 'Greeting should be 4000 characters or less'],
    [{ persona: 'x'.repeat(20001) }, 'persona', 'Personality should be 20000 characters or less'],
    [{ name: 'See www.spam.example' }, 'name', 'Name should not contain any url/link'],
    [{ guidelines: false }, 'guidelines', 'You must agree with the Community Guidelines'],
    [{ tags: [] }, 'tags', 'Public chatbots need at least 1 tag'],
    [{ tags: ['a', 'A'] }, 'tags', 'Each tag only once'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${String(i)}`) }, 'tags', 'Tag limit reached'],
  ])('refuses %j at %s with its message', (change, path, message) => {
    expect(issues({ ...valid, ...change })).toContainEqual({ path, message });
  });
});
