import { describe, expect, it } from 'vitest';
import { noCardPrompt } from '#shared/cards/card-prompt';
import { greetingsOf } from '#server/services/chat-greetings.service';

const cards = new Map([
  ['bot', { alternate: ['Alt one', ' '], groupOnly: ['Group only'] }],
  ['greeter', { alternate: ['Not in groups'], groupOnly: ['Hello, group!', 'Evening, all.'] }],
]);
const cardOf = (id: string) =>
  Promise.resolve({
    prompt: noCardPrompt,
    greetings: cards.get(id) ?? { alternate: [], groupOnly: [] },
  });

describe('greetingsOf', () => {
  it("offers a chatbot's own greeting, then its card's alternate greetings", async () => {
    expect(
      await greetingsOf(cardOf, { id: 'bot', type: 'standard', greeting: 'Hi.' }, null),
    ).toEqual(['Hi.', 'Alt one']);
  });

  it("offers a group's greeting, then its greeter's group-only greetings", async () => {
    expect(
      await greetingsOf(cardOf, { id: 'group', type: 'meta', greeting: 'Welcome.' }, 'greeter'),
    ).toEqual(['Welcome.', 'Hello, group!', 'Evening, all.']);
  });

  it('offers only the greeting of a group without a greeter or of a bot without a card', async () => {
    expect(await greetingsOf(cardOf, { id: 'group', type: 'meta', greeting: 'W.' }, null)).toEqual([
      'W.',
    ]);
    expect(
      await greetingsOf(cardOf, { id: 'plain', type: 'standard', greeting: 'Hey.' }, null),
    ).toEqual(['Hey.']);
  });
});
