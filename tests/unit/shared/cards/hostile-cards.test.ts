/**
 * Issue 27's must-hold: card text is data, never markup, and a hostile file is refused or read within
 * 1 s and 64 MB, with a message. HTML and script stay the text they are (the client renders text as
 * text: tests/unit/client/components/roleplay-text.test.ts, card-preview.test.ts); huge strings, deep
 * JSON, a PNG of a thousand text chunks and a zip bomb in a chunk are refused naming why. Macros never
 * execute anything and never loop. Nothing is written by reading (the API tests check the database).
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CardError } from '#shared/cards/card-error';
import { fillCardPrompt, cardPromptMaxChars } from '#shared/cards/card-prompt';
import { cardFileMaxBytes } from '#shared/cards/card-schemas';
import { textChunk, type PngChunk } from '#shared/cards/png';
import { readCardFile } from '#shared/cards/read-card';
import { fillMacros } from '#shared/rules/macros';
import { base64Json, cardData, cardFixtureJson, jsonBytes, pngWith } from '../../../support/cards';

const second = 1000;
const megabytes64 = 64 * 1024 * 1024;

/**
 * Runs `work`, sampling the process's memory while it runs; answers its outcome, how long it took and
 * the most memory it added (resident set, which counts the buffers a zip bomb would fill).
 */
async function bounded<T>(work: () => Promise<T>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 1);
  const started = performance.now();
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await work() };
  } catch (error) {
    outcome = { ok: false, error };
  } finally {
    clearInterval(timer);
  }
  sample();
  return { outcome, ms: performance.now() - started, addedBytes: peak - base };
}

/** The CardError a read refuses with, within the bounds. */
async function refusedWithin(bytes: Uint8Array): Promise<CardError> {
  const { outcome, ms, addedBytes } = await bounded(() => readCardFile(bytes));
  expect(ms).toBeLessThan(second);
  expect(addedBytes).toBeLessThan(megabytes64);
  if (outcome.ok) throw new Error('the file was read');
  if (!(outcome.error instanceof CardError)) throw outcome.error;
  expect(outcome.error.message.length).toBeGreaterThan(10);
  return outcome.error;
}

function v2Card(data: Record<string, unknown>) {
  const v2 = cardFixtureJson('minimal_v2.json');
  return { ...v2, data: { ...cardData(v2), ...data } };
}

/** A zTXt chunk packing `size` bytes of zeros: a few KB on disk, `size` when unpacked. */
function zeroBomb(keyword: string, size: number): PngChunk {
  const packed = deflateSync(Buffer.alloc(size), { level: 9 });
  return {
    type: 'zTXt',
    data: new Uint8Array(Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), packed])),
  };
}

describe('reading a hostile card', () => {
  it('keeps HTML, script and macros in every field as the text they are', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>{{char}} <b>hi</b>';
    const card = v2Card({
      name: '<b>Mara</b>',
      description: hostile,
      personality: '',
      first_mes: `Hello ${hostile}`,
      scenario: hostile,
      mes_example: `<START>\n{{user}}: ${hostile}`,
      system_prompt: hostile,
      creator_notes: hostile,
    });
    const { outcome, ms } = await bounded(() => readCardFile(jsonBytes(card)));
    expect(ms).toBeLessThan(second);
    if (!outcome.ok) throw outcome.error;
    const { character, extras } = outcome.value;
    expect(character.name).toBe('<b>Mara</b>');
    expect(character.persona).toBe(hostile);
    expect(character.greeting).toBe(`Hello ${hostile}`);
    expect(character.scenario).toBe(hostile);
    expect(extras.data.system_prompt).toBe(hostile);
    expect(extras.data.creator_notes).toBe(hostile);
  });

  it('refuses a 10 MB string, as a JSON file or inside a PNG chunk', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const asJson = await refusedWithin(jsonBytes(v2Card({ first_mes: huge })));
    expect(asJson.message).toMatch(/cards up to 8 MB are read/);
    // Packed, the string fits the file limit; unpacked it is refused at the limit.
    const packedCard: PngChunk = {
      type: 'zTXt',
      data: new Uint8Array(
        Buffer.concat([
          Buffer.from('chara\0\0', 'latin1'),
          deflateSync(Buffer.from(base64Json(v2Card({ first_mes: huge })), 'latin1')),
        ]),
      ),
    };
    const packed = await refusedWithin(pngWith([packedCard]));
    expect(packed.message).toMatch(/unpacks to more than/);
    // Within the file limit but past the field's: refused naming the field.
    const long = await refusedWithin(jsonBytes(v2Card({ description: 'y'.repeat(7_000_000) })));
    expect(long.field).toBe('data.description');
  });

  it('refuses JSON nested a hundred thousand deep, naming where', async () => {
    const deep = `{"spec":"chara_card_v2","data":{"name":"Deep","extensions":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
    const err = await refusedWithin(new TextEncoder().encode(deep));
    expect(err.message).toMatch(/nested more than/);
  });

  it('reads a PNG of a thousand text chunks, and refuses a thousand packed card chunks at the first', async () => {
    const noise = Array.from({ length: 1000 }, (_, i) => textChunk(`Comment${String(i)}`, 'x'));
    const { outcome, ms, addedBytes } = await bounded(() =>
      readCardFile(pngWith([...noise, textChunk('chara', base64Json(v2Card({ name: 'Noisy' })))])),
    );
    expect(ms).toBeLessThan(second);
    expect(addedBytes).toBeLessThan(megabytes64);
    if (!outcome.ok) throw outcome.error;
    expect(outcome.value.character.name).toBe('Noisy');

    // A thousand chara chunks, each unpacking to 1 MB (a gigabyte in all): only the first is unpacked.
    const bomb = zeroBomb('chara', 1024 * 1024);
    const bombs = Array.from({ length: 1000 }, () => bomb);
    const file = pngWith(bombs);
    expect(file.length).toBeLessThan(cardFileMaxBytes);
    const err = await refusedWithin(file);
    expect(err.field).toBe('png.chara');
  });

  it('refuses a zip bomb in a card chunk once it unpacks past the limit', async () => {
    const bomb = pngWith([zeroBomb('ccv3', 64 * 1024 * 1024)]);
    expect(bomb.length).toBeLessThan(cardFileMaxBytes);
    const err = await refusedWithin(bomb);
    expect(err.message).toBe(
      `The PNG's ccv3 chunk unpacks to more than ${cardFileMaxBytes} bytes.`,
    );
  });
});

describe('macros in card text', () => {
  const names = { char: 'Mara', user: 'Sam' };

  it('never execute anything: only {{char}}, {{user}} and {{original}} are filled, once', () => {
    const text =
      '{{eval:process.exit()}} {{js: alert(1)}} {{random:a,b}} {{roll:1d6}} {{getvar::x}} {{setvar::x::1}} ${process.env} {{char}}';
    expect(fillMacros(text, names)).toBe(
      '{{eval:process.exit()}} {{js: alert(1)}} {{random:a,b}} {{roll:1d6}} {{getvar::x}} {{setvar::x::1}} ${process.env} Mara',
    );
  });

  it('never loop, whatever the values hold, malformed macros included', () => {
    const selfish = {
      char: '{{char}}{{user}}',
      user: '{{user}}{{original}}',
      original: '{{original}}',
    };
    expect(fillMacros('{{char}}|{{user}}|{{original}}|{{char}', selfish)).toBe(
      '{{char}}{{user}}|{{user}}{{original}}|{{original}}|{{char}',
    );
    const malformed = '{{'.repeat(50_000) + '}}'.repeat(50_000) + '{{ch{{char}}ar}}';
    const started = performance.now();
    expect(fillMacros(malformed, names)).toBe(
      `${'{{'.repeat(50_000)}${'}}'.repeat(50_000)}{{chMaraar}}`,
    );
    expect(performance.now() - started).toBeLessThan(second);
  });

  it('stops growing at the card prompt bound, however many {{original}} a prompt holds', async () => {
    const prompt = '{{original}}'.repeat(Math.floor(cardPromptMaxChars / 12));
    const original = 'o'.repeat(30_000);
    const { outcome, ms, addedBytes } = await bounded(() =>
      Promise.resolve(fillCardPrompt(prompt, { ...names, original })),
    );
    expect(ms).toBeLessThan(second);
    expect(addedBytes).toBeLessThan(megabytes64);
    if (!outcome.ok) throw outcome.error;
    expect(outcome.value).toHaveLength(cardPromptMaxChars);
  });
});
