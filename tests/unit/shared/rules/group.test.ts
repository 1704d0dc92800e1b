import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GroupInputSchema,
  canSaveGroupDraft,
  isGroupAvailable,
  linkMessage,
  privateMembersBlocking,
  privateMembersMessage,
} from '#shared/rules/group';

const ids = Array.from({ length: 11 }, () => randomUUID());
const valid = {
  type: 'meta',
  avatarUrl: '/a.webp',
  name: 'Crew',
  title: 'Friends at a tavern',
  greeting: 'Welcome in.',
  scenario: '',
  visibility: 'private',
  tags: [],
  guidelines: true,
  subCharacterIds: ids.slice(0, 2),
};

function issueOf(overrides: Record<string, unknown>) {
  const parsed = GroupInputSchema.safeParse({ ...valid, ...overrides });
  return parsed.success ? undefined : parsed.error.issues[0];
}

describe('GroupInputSchema', () => {
  it('accepts 2 to 10 members and defaults the greeter to none', () => {
    expect(GroupInputSchema.parse(valid).greetingCharacterId).toBeNull();
    expect(issueOf({ subCharacterIds: ids.slice(0, 10) })).toBeUndefined();
  });

  it("refuses 1 member, 11 members (the picker's message) and repeats", () => {
    expect(issueOf({ subCharacterIds: ids.slice(0, 1) })?.path).toEqual(['subCharacterIds']);
    expect(issueOf({ subCharacterIds: ids.slice(0, 11) })?.message).toBe(
      "You can't add more than 10 chatbots.",
    );
    expect(issueOf({ subCharacterIds: [ids[0], ids[0]] })?.message).toBe('Each chatbot only once');
  });

  it("gives the spec's messages for the form's limits", () => {
    expect(issueOf({ name: 'x'.repeat(21) })?.message).toBe('Name should be 20 characters or less');
    expect(issueOf({ title: 'x'.repeat(101) })?.message).toBe('Title is maximum of 100 characters');
    expect(issueOf({ scenario: 'x'.repeat(5001) })?.message).toBe(
      'Personality is maximum of 5000 characters',
    );
    expect(issueOf({ avatarUrl: '' })?.message).toBe('Add an avatar with Choose image');
    expect(issueOf({ guidelines: false })?.message).toBe(
      'You must agree with the Community Guidelines',
    );
    expect(issueOf({ name: 'a www.x.com' })?.message).toBe(
      'Name should not contain any url/link ( www.x.com )',
    );
  });

  it('allows an empty scenario but not one of 1 or 2 characters', () => {
    expect(issueOf({ scenario: '' })).toBeUndefined();
    expect(issueOf({ scenario: 'ab' })?.path).toEqual(['scenario']);
  });

  it('needs tags for a public group only', () => {
    expect(issueOf({ visibility: 'public' })?.path).toEqual(['tags']);
    expect(issueOf({ visibility: 'hidden' })).toBeUndefined();
    expect(issueOf({ visibility: 'public', tags: ['Fantasy'] })).toBeUndefined();
  });

  it('needs the greeter among the members', () => {
    expect(issueOf({ greetingCharacterId: ids[1] })).toBeUndefined();
    expect(issueOf({ greetingCharacterId: ids[5] })?.path).toEqual(['greetingCharacterId']);
  });

  it('bounds greeting plus scenario by the token budget', () => {
    expect(issueOf({ greeting: 'g'.repeat(2000), scenario: 's'.repeat(5000) })?.path).toEqual([
      'scenario',
    ]);
    expect(issueOf({ greeting: 'g'.repeat(2000), scenario: 's'.repeat(3000) })).toBeUndefined();
  });
});

describe('group rules', () => {
  it('finds the private members a public or unlisted group may not carry', () => {
    const members = [
      { name: 'A', visibility: 'public' },
      { name: 'B', visibility: 'private' },
      { name: 'C', visibility: 'permanently_private' },
      { name: 'D', visibility: 'hidden' },
    ];
    expect(privateMembersBlocking('public', members).map((m) => m.name)).toEqual(['B', 'C']);
    expect(privateMembersBlocking('hidden', members).map((m) => m.name)).toEqual(['B', 'C']);
    expect(privateMembersBlocking('private', members)).toEqual([]);
    expect(privateMembersMessage(['B', 'C'])).toContain('B, C');
  });

  it('calls a group available from 2 members', () => {
    expect(isGroupAvailable(1)).toBe(false);
    expect(isGroupAvailable(2)).toBe(true);
  });

  it('saves a draft with a name and a title of at least 3 characters', () => {
    expect(canSaveGroupDraft({ name: 'Crew', title: 'Fun' })).toBe(true);
    expect(canSaveGroupDraft({ name: ' ab ', title: 'Fun' })).toBe(false);
    expect(canSaveGroupDraft({ name: 'Crew', title: '' })).toBe(false);
  });

  it('names no link in plain text', () => {
    expect(linkMessage('Name', 'plain words')).toBeUndefined();
  });
});
