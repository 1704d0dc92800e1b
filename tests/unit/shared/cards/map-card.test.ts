import { describe, expect, it } from 'vitest';
import { CardError } from '#shared/cards/card-error';
import { cardExtrasMaxChars, CardExtrasSchema } from '#shared/cards/card-schemas';
import { mapCard } from '#shared/cards/map-card';
import { characterLimits } from '#shared/rules/character';
import { cardData, cardFixtureJson } from '../../../support/cards';

const v2 = cardFixtureJson('minimal_v2.json');
const v3 = cardFixtureJson('minimal_v3.json');

function v2With(data: Record<string, unknown>, root: Record<string, unknown> = {}) {
  return {
    ...root,
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: { ...cardData(v2), ...data },
  };
}

function refusal(card: unknown): CardError {
  try {
    mapCard(card);
  } catch (err) {
    if (err instanceof CardError) return err;
    throw err;
  }
  throw new Error('the card was accepted');
}

describe('mapCard', () => {
  it('maps a V2 card: the persona is description then personality, the rest is kept', () => {
    const card = mapCard(v2);
    expect(card.shape).toBe('v2');
    expect(card.character).toEqual({
      name: 'Test Character V2',
      title: '',
      greeting: "Hello! I'm a test character. How can I help?",
      persona: 'A test character for unit tests\nHelpful and friendly',
      scenario: 'You are testing the character import system',
      dialogue: '<START>\n{{user}}: Test message\n{{char}}: Test response',
      tags: ['test', 'unit-test', 'v2'],
      isNsfw: false,
    });
    expect(card.extras.personality).toBe('Helpful and friendly');
    expect(card.extras.data).toEqual({
      creator_notes: 'Created for automated testing',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: ['Hi there! Ready for testing?'],
      creator: 'Test Suite',
      character_version: '1.0.0',
      extensions: {},
    });
    expect(card.warnings.map((w) => [w.field, w.kind])).toEqual([['title', 'missing']]);
  });

  it('maps a V3 card and keeps its V3 fields', () => {
    const card = mapCard(v3);
    expect(card.shape).toBe('v3');
    expect(card.character.name).toBe('Test Character V3');
    expect(card.extras.data).toMatchObject({
      nickname: 'TestBot',
      group_only_greetings: ['Hey everyone! Group test mode engaged.'],
      creator_notes_multilingual: { en: 'English test notes', ja: '日本語テストノート' },
      source: ['https://example.com/test-character'],
      assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
    });
  });

  it('reads data over stale root copies of a hybrid export, and keeps unknown root keys', () => {
    const card = mapCard(
      v2With(
        { name: 'Fresh', first_mes: 'New greeting', tags: ['new'] },
        {
          name: 'Stale',
          first_mes: 'Old greeting',
          tags: '',
          chat: 'Stale - 2023',
          fav: 'false',
          talkativeness: '0.5',
        },
      ),
    );
    expect(card.character).toMatchObject({
      name: 'Fresh',
      greeting: 'New greeting',
      tags: ['new'],
    });
    expect(card.extras.root).toEqual({ chat: 'Stale - 2023', fav: 'false', talkativeness: '0.5' });
  });

  it('falls back to a root copy when data lacks the field', () => {
    const data = cardData(v2);
    delete data.scenario;
    const card = mapCard({ spec: 'chara_card_v2', data, scenario: 'From the root' });
    expect(card.character.scenario).toBe('From the root');
  });

  it('reads flat V1, flattened V2 and Pygmalion cards', () => {
    const v1 = mapCard({
      name: 'Old',
      description: 'A',
      first_mes: 'Hi there',
      mes_example: '',
      avatar: 'none',
    });
    expect(v1.shape).toBe('v1');
    expect(v1.extras.root).toEqual({ avatar: 'none' });
    const flat = mapCard({
      name: 'Flat',
      first_mes: 'Hi there',
      alternate_greetings: ['Yo'],
      extensions: { a: 1 },
    });
    expect(flat.shape).toBe('v2_flat');
    expect(flat.extras.data).toEqual({ alternate_greetings: ['Yo'], extensions: { a: 1 } });
    const gradio = mapCard({
      char_name: 'Pyg',
      char_persona: 'A bot',
      char_greeting: 'Hello there',
      world_scenario: 'A room',
      example_dialogue: 'You: hi\nPyg: hello',
    });
    expect(gradio.shape).toBe('gradio');
    expect(gradio.character).toMatchObject({
      name: 'Pyg',
      persona: 'A bot',
      greeting: 'Hello there',
      scenario: 'A room',
      dialogue: '{{user}}: hi\nPyg: hello',
    });
  });

  it('turns <BOT> and <USER> into our macros and reads a lone <START> as no examples', () => {
    const card = mapCard(v2With({ first_mes: 'Hi <User>, I am <BOT>.', mes_example: '<START>' }));
    expect(card.character.greeting).toBe('Hi {{user}}, I am {{char}}.');
    expect(card.character.dialogue).toBe('');
  });

  it('cleans tags: trims, drops empties and repeats, names the special tags, keeps the limit', () => {
    const many = Array.from({ length: 12 }, (_, i) => `tag${i}`);
    const card = mapCard(
      v2With({ tags: [' nsfw ', '', 'Fantasy', 'fantasy', 'x'.repeat(31), ...many] }),
    );
    expect(card.character.tags).toEqual(['NSFW', 'Fantasy', ...many.slice(0, 8)]);
    expect(card.character.isNsfw).toBe(true);
    expect(card.warnings.filter((w) => w.kind === 'dropped').map((w) => w.field)).toEqual([
      'data.tags[4]',
      'data.tags',
    ]);
  });

  it('reads a comma-separated tag string', () => {
    expect(mapCard(v2With({ tags: 'a, b,,c' })).character.tags).toEqual(['a', 'b', 'c']);
  });

  it('reads our title back from extensions and removes the placeholder creator note', () => {
    const card = mapCard(
      v2With({
        extensions: { 'charchat/title': 'A title', keep: 1 },
        creator_notes: "Creator's notes go here.",
      }),
    );
    expect(card.character.title).toBe('A title');
    expect(card.extras.data.extensions).toEqual({ keep: 1 });
    expect(card.extras.data).not.toHaveProperty('creator_notes');
  });

  it('cuts example dialogues at whole <START> blocks, with a warning', () => {
    const block = `<START>\n{{user}}: ${'a'.repeat(2990)}\n`;
    const card = mapCard(v2With({ mes_example: block.repeat(4) }));
    expect(card.character.dialogue.length).toBeLessThanOrEqual(characterLimits.dialogue.max);
    expect(card.character.dialogue.match(/<START>/g)).toHaveLength(3);
    expect(card.warnings).toContainEqual(
      expect.objectContaining({ field: 'data.mes_example', kind: 'cut' }),
    );
  });

  it.each([
    [
      'first_mes',
      'x'.repeat(12_345),
      'data.first_mes is 12,345 characters; the greeting allows 4,000.',
    ],
    ['scenario', 'x'.repeat(5001), 'data.scenario is 5,001 characters; the scenario allows 5,000.'],
    ['name', 'x'.repeat(51), 'data.name is 51 characters; the name allows 50.'],
    [
      'mes_example',
      'x'.repeat(10_001),
      'data.mes_example is 10,001 characters; the example dialogue allows 10,000.',
    ],
  ])('refuses an oversize %s, naming the field and the limit', (field, value, message) => {
    const err = refusal(v2With({ [field]: value }));
    expect(err.field).toBe(`data.${field}`);
    expect(err.message).toBe(message);
  });

  it('refuses a persona over its limit, naming both parts when both are filled', () => {
    const err = refusal(v2With({ description: 'x'.repeat(15_000), personality: 'y'.repeat(6000) }));
    expect(err.field).toBe('data.description');
    expect(err.message).toBe(
      'data.description and data.personality together are 21,001 characters; the personality allows 20,000.',
    );
  });

  it('refuses NUL characters and broken Unicode anywhere, naming the path', () => {
    expect(refusal(v2With({ first_mes: 'Hi\u0000' })).field).toBe('data.first_mes');
    expect(refusal(v2With({ extensions: { deep: ['ok', 'bad\uD800'] } })).field).toBe(
      'data.extensions.deep.1',
    );
  });

  it.each([
    ['a name that is not text', v2With({ name: 42 }), 'data.name', /must be text, not a number/],
    ['a missing name', v2With({ name: '  ' }), 'data.name', /is missing/],
    [
      'extensions that are not an object',
      v2With({ extensions: [] }),
      'data.extensions',
      /must be an object/,
    ],
    [
      'greetings that are not a list',
      v2With({ alternate_greetings: 'hi' }),
      'data.alternate_greetings',
      /list/,
    ],
    ['a wrapper without data', { spec: 'chara_card_v2' }, 'data', /no data object/],
    ['an unknown card version', { spec: 'chara_card_v9', data: {} }, 'spec', /not one we read/],
    ['a lorebook', { entries: { 0: { key: ['a'] } } }, 'file', /lorebook, not a character card/],
    ['an Agnai character', { kind: 'character', name: 'A' }, 'kind', /Agnai/],
    ['JSON that is not a card', { hello: 'world' }, 'file', /not a character card/],
    ['a list', [v2], 'file', /holds a list/],
  ])('refuses %s with a named error', (_, card, field, message) => {
    const err = refusal(card);
    expect(err.field).toBe(field);
    expect(err.message).toMatch(message);
  });

  it('refuses JSON nested beyond the limit, naming where, and accepts real depths', () => {
    const nest = (depth: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    const err = refusal(v2With({ extensions: { x: nest(100_000) } }));
    expect(err.field).toBe('data');
    expect(err.message).toMatch(
      /^data\.extensions\.x\[0\]\[0\].*nested more than 99 levels deep\.$/,
    );
    expect(mapCard(v2With({ extensions: { x: nest(90) } })).extras.data.extensions).toBeDefined();
    // A __proto__ key (written as text: in an object literal it would set a prototype) is refused too.
    const proto = refusal(
      JSON.parse('{"name": "P", "first_mes": "Hi there", "x": {"__proto__": {}}}'),
    );
    expect([proto.field, proto.message]).toEqual(['x', 'x.__proto__ is a key no card may use.']);
    // Kept data sent back by a client is checked the same way, without overflowing the stack.
    const sent = { data: { extensions: { x: nest(100_000) } }, root: {}, personality: '' };
    expect(CardExtrasSchema.safeParse(sent).success).toBe(false);
  });

  it('accepts null for optional parts and a numeric character_version', () => {
    const card = mapCard(
      v2With({ character_book: null, character_version: 1.2, extensions: null }),
    );
    expect(card.extras.data).not.toHaveProperty('character_book');
    expect(card.extras.data.character_version).toBe('1.2');
  });

  it('refuses kept data over its limit, naming the largest key', () => {
    const big = { entries: [{ keys: ['a'], content: 'x'.repeat(cardExtrasMaxChars) }] };
    const err = refusal(v2With({ character_book: big }));
    expect(err.field).toBe('data.character_book');
    expect(err.message).toMatch(/mostly data.character_book; at most 1,000,000 are kept/);
  });
});
