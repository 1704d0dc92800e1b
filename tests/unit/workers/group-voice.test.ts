/**
 * A group member's voice and the bounds of a round (issue 12 §8, §10): the speaker's own definition
 * leads its prompt with the others as context, the others' lines reach it under their names, and a
 * round goes on only through "everyone answers once" or Auto Response within its bound.
 */
import { describe, expect, it } from 'vitest';
import { groupAutoTurnsPerRound } from '#shared/rules/group-turns';
import { groupHistory, groupVoiceOf, nextTurnOf } from '#workers/group-turns/group-voice';

const member = (id: string, name: string, persona: string, scenario = '') => ({
  id,
  name,
  title: `${name} the regular`,
  persona,
  scenario,
  dialogue: `${name}: Hello.`,
});
const ada = member('ada', 'Ada', 'Ada pours the ale.', 'Ada stands behind the bar.');
const bram = member('bram', 'Bram', 'Bram tells tall tales.');
const cleo = member('cleo', 'Cleo', 'Cleo plays the lute.');
const members = [ada, bram, cleo];
const group = member('tavern', 'Tavern', '', 'A tavern on a stormy night.');

describe('groupVoiceOf', () => {
  it("leads with the speaker's own definition, the group's scenario and the others as context", () => {
    const voice = groupVoiceOf(ada, group, members);
    expect(voice).toMatchObject({
      name: 'Ada',
      persona: 'Ada pours the ale.',
      dialogue: 'Ada: Hello.',
    });
    expect(voice.scenario).toBe(
      [
        'Ada stands behind the bar.',
        'A tavern on a stormy night.',
        "This is a group chat. Besides {{user}}, Ada is talking with Bram, Cleo. Write only Ada's reply, never the others' lines.",
      ].join('\n\n'),
    );
    expect(voice.persona).not.toContain('Bram tells tall tales.');
  });

  it('leaves out empty scenarios and the group line when nobody else is left', () => {
    expect(groupVoiceOf(bram, undefined, [bram]).scenario).toBe('');
  });
});

describe('groupHistory', () => {
  it("keeps the speaker's own lines as its turns and names the others' as said to it", () => {
    const history = [
      { role: 'bot' as const, content: 'Welcome!', speakerId: 'ada' },
      { role: 'user' as const, content: 'Hi all.' },
      { role: 'bot' as const, content: 'Once, a whale…', speakerId: 'bram' },
      { role: 'bot' as const, content: 'An old line.', speakerId: 'gone' },
    ];
    expect(groupHistory(history, 'ada', members)).toEqual([
      { role: 'bot', content: 'Welcome!' },
      { role: 'user', content: 'Hi all.' },
      { role: 'user', content: 'Bram: Once, a whale…' },
      // A member who left the group speaks unnamed, still not as the speaker.
      { role: 'user', content: 'An old line.' },
    ]);
  });
});

describe('nextTurnOf', () => {
  const reply = { round: 4, step: 0, mode: 'auto' as const, speakerId: 'ada', nextSpeakerIds: [] };

  it('ends the round after one reply while Auto Response is off', () => {
    expect(nextTurnOf(reply, false)).toBeNull();
  });

  it('asks the next member of "everyone answers" in order, with or without Auto Response', () => {
    const everyone = { ...reply, mode: 'everyone' as const, nextSpeakerIds: ['bram', 'cleo'] };
    const next = { round: 4, step: 1, mode: 'everyone', speakerIds: ['bram', 'cleo'] };
    expect(nextTurnOf(everyone, false)).toEqual(next);
    expect(nextTurnOf(everyone, true)).toEqual(next);
  });

  it('chains automatic turns with Auto Response up to the bound of a round, in the same round', () => {
    let step = 0;
    let turns = 1;
    for (;;) {
      const next = nextTurnOf({ ...reply, step }, true);
      if (next === null) break;
      expect(next).toEqual({ round: 4, step: step + 1, mode: 'auto', speakerIds: [] });
      step = next.step;
      turns += 1;
    }
    expect(turns).toBe(groupAutoTurnsPerRound);
  });
});
