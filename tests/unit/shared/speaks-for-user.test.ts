import { describe, expect, it } from 'vitest';
import { speaksForUser } from '#shared/rules/speaks-for-user';

const names = ['Nico'];
const reasonOf = (text: string, as: readonly string[] = names) =>
  speaksForUser(text, as)?.reason ?? null;

describe('speaksForUser', () => {
  it.each([
    ['{{user}} nods and takes the key.', 'narrates_user'],
    ['*{{user}} smiles* "Thank you."', 'narrates_user'],
    ['Mara opens the door. Nico steps inside, shivering.', 'narrates_user'],
    ['The storm howls.\nNico slowly sits down by the fire.', 'narrates_user'],
    ['*Nico looks away*', 'narrates_user'],
    ['Nico: I should go.', 'script_line'],
    ['"Stay," Mara says.\n{{user}}: Fine.', 'script_line'],
    ['*You nod slowly and sit down.*', 'second_person'],
    ['"I am lost," Nico says.', 'speech'],
    ['"Who are you?" asked Nico.', 'speech'],
    ['“Let me in,” Nico whispers.', 'speech'],
    ['"Fine," {{user}} quietly replied.', 'speech'],
  ])('flags %j as %s', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it.each([
    'Hello, Nico. Come in out of the rain.',
    'Nico, you came back!',
    'Nico? Is that you?',
    '*Mara hands Nico the key* "Keep it safe."',
    'Do you trust me, Nico?',
    '"Nico nods too much," Mara jokes.',
    'Mara looks at {{user}} and smiles.',
    '"You look tired," she says. *She pours you some tea.*',
    'Nicolas nods.',
    '',
  ])('does not flag a mere mention: %j', (text) => {
    expect(speaksForUser(text, names)).toBeNull();
  });

  it('reads names with spaces and regex characters literally', () => {
    expect(reasonOf('Captain (Nico) frowns.', ['Captain (Nico)'])).toBe('narrates_user');
    expect(reasonOf('Captain Nico frowns.', ['Captain (Nico)'])).toBeNull();
  });

  it('always counts {{user}}, even for a user without a name', () => {
    expect(reasonOf('{{user}} laughs.', [])).toBe('narrates_user');
    expect(reasonOf('{{user}} laughs.', ['  '])).toBe('narrates_user');
  });

  it('names the words that gave it away', () => {
    expect(speaksForUser('The door creaks. Nico steps in.', names)?.evidence).toBe('Nico steps');
  });
});
