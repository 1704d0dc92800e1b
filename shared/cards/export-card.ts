/**
 * Writes a chatbot as a Character Card (docs/formats.md §2, "On export"): every required V2 key, with
 * the card data kept at import (card_extras) written back, so unknown fields survive a round trip. V2
 * and V3 carry the same `data` and differ in `spec`/`spec_version`, as SillyTavern writes them; a PNG
 * card holds the V2 JSON in a `chara` chunk and the V3 JSON in a `ccv3` chunk.
 */
import type { CharacterFields, CharacterSummary } from '../schemas/character';
import { utf8ToBase64 } from './base64';
import { titleExtensionKey, type CardExtras } from './card-schemas';
import { readPngChunks, textChunk, writePng, type PngChunk } from './png';

/** The chatbot fields a card is written from: its definition, creator and timestamps. */
export type CardSource = Pick<
  CharacterFields,
  'name' | 'title' | 'persona' | 'scenario' | 'greeting' | 'dialogue' | 'tags'
> &
  Pick<CharacterSummary, 'creatorUsername'> & { createdAt: Date; updatedAt: Date };

type JsonObject = Record<string, unknown>;

const noExtras: CardExtras = { data: {}, root: {}, personality: '' };

/**
 * Splits our persona back into `description` and `personality`: import joined them with a newline,
 * so when the persona still ends with the card's personality it is split there; otherwise (the
 * creator rewrote it, or it never came from a card) all of it is the description.
 */
function splitPersona(persona: string, personality: string): [string, string] {
  if (personality === '') return [persona, ''];
  if (persona === personality) return ['', personality];
  if (persona.endsWith(`\n${personality}`)) {
    return [persona.slice(0, -(personality.length + 1)), personality];
  }
  return [persona, ''];
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The card JSON of a chatbot, V2 or V3. */
export function characterToCard(
  character: CardSource,
  kept: CardExtras | null,
  version: 'v2' | 'v3',
): JsonObject {
  const extras = kept ?? noExtras;
  const keptData = extras.data;
  const [description, personality] = splitPersona(character.persona, extras.personality);
  const extensions: JsonObject = {
    ...(typeof keptData.extensions === 'object' &&
    keptData.extensions !== null &&
    !Array.isArray(keptData.extensions)
      ? keptData.extensions
      : {}),
    ...(character.title === '' ? {} : { [titleExtensionKey]: character.title }),
  };
  const ours: JsonObject = {
    name: character.name,
    description,
    personality,
    scenario: character.scenario,
    first_mes: character.greeting,
    mes_example: character.dialogue,
    creator_notes: keptData.creator_notes ?? '',
    system_prompt: keptData.system_prompt ?? '',
    post_history_instructions: keptData.post_history_instructions ?? '',
    alternate_greetings: keptData.alternate_greetings ?? [],
    ...(keptData.character_book === undefined ? {} : { character_book: keptData.character_book }),
    tags: [...character.tags],
    creator: keptData.creator ?? character.creatorUsername ?? '',
    character_version: keptData.character_version ?? '',
    extensions,
    group_only_greetings: keptData.group_only_greetings ?? [],
  };
  // Our fields first, then every other kept key; built from entries so any key stays a plain key.
  const data: JsonObject = Object.fromEntries([
    ...Object.entries(ours),
    ...Object.entries(keptData).filter(([key]) => !Object.hasOwn(ours, key)),
  ]);
  if (version === 'v3') {
    data.creation_date = keptData.creation_date ?? seconds(character.createdAt);
    data.modification_date = seconds(character.updatedAt);
  }
  return {
    ...extras.root,
    spec: version === 'v3' ? 'chara_card_v3' : 'chara_card_v2',
    spec_version: version === 'v3' ? '3.0' : '2.0',
    data,
  };
}

/** Whether a PNG chunk is a card's text chunk (`chara` or `ccv3`, any case, any text chunk type). */
function isCardChunk(chunk: PngChunk): boolean {
  if (chunk.type !== 'tEXt' && chunk.type !== 'zTXt' && chunk.type !== 'iTXt') return false;
  const nul = chunk.data.indexOf(0);
  const keyword = String.fromCharCode(...chunk.data.subarray(0, Math.max(nul, 0))).toLowerCase();
  return keyword === 'chara' || keyword === 'ccv3';
}

/**
 * A card PNG's image without its card chunks: every other chunk as the file had it, so the art kept
 * from an import is the creator's image, byte for byte, and the card data lives in our fields only.
 */
export function withoutCardChunks(png: Uint8Array): Uint8Array<ArrayBuffer> {
  return writePng(readPngChunks(png).filter((chunk) => !isCardChunk(chunk)));
}

/**
 * Embeds the card in a PNG: any `chara`/`ccv3` text chunks already there are removed (a file holds at
 * most one of each), then `chara` (V2) and `ccv3` (V3) go just before IEND.
 */
export function embedCardInPng(
  png: Uint8Array,
  character: CardSource,
  kept: CardExtras | null,
): Uint8Array<ArrayBuffer> {
  const chunks = readPngChunks(png).filter((chunk) => !isCardChunk(chunk));
  // readPngChunks always ends with IEND.
  const iend = chunks.pop();
  if (!iend) return writePng(chunks);
  const v2 = utf8ToBase64(JSON.stringify(characterToCard(character, kept, 'v2')));
  const v3 = utf8ToBase64(JSON.stringify(characterToCard(character, kept, 'v3')));
  return writePng([...chunks, textChunk('chara', v2), textChunk('ccv3', v3), iend]);
}
