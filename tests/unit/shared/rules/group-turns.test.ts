import { describe, expect, it } from 'vitest';
import {
  chooseSpeaker,
  groupAutoTurnsPerRound,
  mayContinueRound,
  namedMembers,
  turnOrder,
} from '#shared/rules/group-turns';

const ann = { id: 'a', name: 'Ann' };
const bo = { id: 'b', name: 'Bo' };
const cy = { id: 'c', name: 'Cy Rex' };
const members = [ann, bo, cy];

describe('turnOrder', () => {
  it('starts with the greeter and keeps the creator order after it', () => {
    expect(turnOrder(members, 'b').map((m) => m.id)).toEqual(['b', 'c', 'a']);
  });
  it('keeps the creator order when the greeter is gone', () => {
    expect(turnOrder(members, 'zz').map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('namedMembers', () => {
  it('finds whole names in any case, in the order they are said', () => {
    expect(namedMembers(members, 'hey cy rex, and ANN?').map((m) => m.id)).toEqual(['c', 'a']);
  });
  it('does not match a name inside another word', () => {
    expect(namedMembers(members, 'Annie and Bob')).toEqual([]);
  });
  it('matches names next to punctuation and non-Latin text', () => {
    expect(namedMembers([{ id: 'z', name: 'Zoë' }], '«Zoë», привет').map((m) => m.id)).toEqual([
      'z',
    ]);
  });
});

describe('chooseSpeaker', () => {
  const base = { members, greeterId: 'a', authorId: null, recentSpeakers: [] };
  it('picks a member the message names first', () => {
    expect(chooseSpeaker({ ...base, text: 'What do you think, Bo?' })?.id).toBe('b');
  });
  it('never picks the author, even when it names itself', () => {
    expect(chooseSpeaker({ ...base, text: 'I am Bo', authorId: 'b' })?.id).toBe('a');
  });
  it('starts with the greeter when nobody spoke yet', () => {
    expect(chooseSpeaker({ ...base, text: 'hello all' })?.id).toBe('a');
  });
  it('picks whoever spoke least recently, a silent member first', () => {
    expect(chooseSpeaker({ ...base, text: 'hi', recentSpeakers: ['a', 'b'] })?.id).toBe('c');
    expect(chooseSpeaker({ ...base, text: 'hi', recentSpeakers: ['c', 'a', 'b'] })?.id).toBe('c');
    expect(chooseSpeaker({ ...base, text: 'hi', recentSpeakers: ['b', 'c', 'a'] })?.id).toBe('b');
  });
  it('goes round every member in turn when each answers the last', () => {
    const spoken: string[] = [];
    for (let i = 0; i < 6; i++) {
      const next = chooseSpeaker({
        ...base,
        text: '...',
        authorId: spoken.at(-1) ?? null,
        recentSpeakers: spoken,
      });
      if (!next) throw new Error('no speaker');
      spoken.push(next.id);
    }
    expect(spoken).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });
  it('answers null when only the author is left', () => {
    expect(chooseSpeaker({ ...base, members: [ann], text: 'x', authorId: 'a' })).toBeNull();
  });
});

describe('mayContinueRound', () => {
  it('allows replies up to the bound and no more', () => {
    expect(mayContinueRound(0)).toBe(true);
    expect(mayContinueRound(groupAutoTurnsPerRound - 1)).toBe(true);
    expect(mayContinueRound(groupAutoTurnsPerRound)).toBe(false);
  });
});
