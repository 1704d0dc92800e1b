/**
 * The large library for search benchmarks (issue 10 part 2, docs/performance.md G6): a million
 * characters whose words, names, tags, creators and popularity follow Zipf-like laws, as a real
 * library's do, so frequent, mid-frequency and rare terms all exist. Deterministic: the same seed gives
 * the same library.
 */
import type { Db } from '../db/database';
import * as bulk from '../db/repositories/large-library.repo';
import { refreshSearchStats } from '../db/repositories/library-stats.repo';

/** mulberry32: a small, fast, seeded generator (Math.random cannot be seeded). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks items with probability ∝ 1 / rank^exponent (rank 1 is the first item). */
export class Zipf<T> {
  private readonly cumulative: Float64Array;
  constructor(
    private readonly items: readonly T[],
    exponent: number,
    private readonly random: () => number,
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < items.length; i++) {
      sum += 1 / Math.pow(i + 1, exponent);
      this.cumulative[i] = sum;
    }
  }
  pick(): T {
    const target = this.random() * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    const item = this.items[lo];
    if (item === undefined) throw new Error('empty Zipf');
    return item;
  }
}

/** Common English words head the vocabulary, so the most frequent terms are the real ones. */
const commonWords = `the and of to a in is you that it he was for on are as with his they at be this
have from or one had by word but not what all were we when your can said there use an each which she
do how their if will up other about out many then them these so some her would make like him into time
has look two more write go see number no way could people my than first been call who its now find long
down day did get come made may part over new sound take only little work know place year live me back
give most very after thing our just name good sentence man think say great where help through much before
line right too mean old any same tell boy follow came want show also around form three small set put end
does another well large must big even such because turn here why ask went men read need land different
home us move try kind hand picture again change off play spell air away animal house point page letter
mother answer found study still learn should world high every near add food between own below country
plant last school father keep tree never start city earth eye light thought head under story saw left
few while along might close something seem next hard open example begin life always those both paper
together got group often run important until children side feet car mile night walk white sea began grow
took river four carry state once book hear stop without second later miss idea enough eat face watch far
really almost let above girl sometimes mountain cut young talk soon list song being leave family`
  .split(/\s+/)
  .filter((w) => w !== '');

const consonants = 'bcdfghjklmnprstvwz';
const vowels = 'aeiouy';

function syllableWord(random: () => number, syllables: number): string {
  let word = '';
  for (let s = 0; s < syllables; s++) {
    word += consonants[Math.floor(random() * consonants.length)] ?? 'k';
    word += vowels[Math.floor(random() * vowels.length)] ?? 'a';
    if (random() < 0.3) word += consonants[Math.floor(random() * consonants.length)] ?? 'n';
  }
  return word;
}

function distinctWords(random: () => number, count: number, syllables: [number, number]) {
  const seen = new Set<string>(commonWords);
  const words: string[] = [];
  while (words.length < count) {
    const n = syllables[0] + Math.floor(random() * (syllables[1] - syllables[0] + 1));
    const w = syllableWord(random, n);
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

const languages = [
  ['en', 70],
  ['es', 8],
  ['pt', 6],
  ['fr', 4],
  ['de', 3],
  ['ru', 3],
  ['ja', 2],
  ['ko', 2],
  ['id', 1],
  ['it', 1],
] as const;

export interface LargeLibraryPlan {
  characters: number;
  creators: number;
  batch: number;
  seed: number;
}

export const defaultLargeLibrary: LargeLibraryPlan = {
  characters: 1_000_000,
  creators: 5_000,
  batch: 2_000,
  seed: 20261125,
};

/** Fills the database; `progress` hears the number of characters written so far. */
export async function seedLargeLibrary(
  db: Db,
  plan: LargeLibraryPlan,
  progress: (written: number, phase: string) => void,
): Promise<void> {
  const random = generator(plan.seed);
  const vocabulary = [...commonWords, ...distinctWords(random, 40_000, [1, 4])];
  const words = new Zipf(vocabulary, 1.05, random);
  const firstNames = new Zipf(distinctWords(random, 4_000, [2, 3]).map(capitalise), 0.9, random);
  const surnames = new Zipf(distinctWords(random, 6_000, [2, 4]).map(capitalise), 0.9, random);
  const tagNames = [
    'Female',
    'Male',
    'Fantasy',
    'Romance',
    'Anime',
    'Adventure',
    'OC',
    'Roleplay',
    'Comedy',
    'Drama',
    'NSFW',
    ...distinctWords(random, 389, [2, 3]).map(capitalise),
  ];
  const tagIds = await bulk.insertTags(db, tagNames);
  const tags = new Zipf(tagNames, 1.1, random);
  const creatorIds = await bulk.insertCreators(db, plan.creators);
  const creators = new Zipf(creatorIds, 1.0, random);
  const language = new Zipf(
    languages.flatMap(([code, weight]) => Array<string>(weight).fill(code)),
    0,
    random,
  );
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(random() * (max - min + 1));
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(words.pick());
    return capitalise(out.join(' ')) + '.';
  };
  const now = Date.now();
  const twoYears = 2 * 365 * 86_400_000;

  for (let written = 0; written < plan.characters;) {
    const size = Math.min(plan.batch, plan.characters - written);
    const c: bulk.CharacterColumns = {
      name: [],
      title: [],
      persona: [],
      scenario: [],
      greeting: [],
      creatorUserId: [],
      language: [],
      tokenCount: [],
      numMessages: [],
      numMessages24h: [],
      ratingScore: [],
      numRatings: [],
      isNsfw: [],
      visibility: [],
      moderationStatus: [],
      createdAt: [],
      tagIds: [],
      tagNames: [],
    };
    for (let i = 0; i < size; i++) {
      const name = random() < 0.5 ? firstNames.pick() : `${firstNames.pick()} ${surnames.pick()}`;
      const persona = [sentence(6, 14), sentence(6, 14), sentence(4, 12), sentence(4, 12)].join(
        ' ',
      );
      const own = new Set<string>();
      const tagCount = 1 + Math.floor(random() * 5);
      while (own.size < tagCount) own.add(tags.pick());
      const isNsfw = own.has('NSFW') || random() < 0.08;
      const sorted = [...own].sort();
      // Log-uniform popularity: a few bots carry most messages, as in a real library.
      const numMessages = Math.floor(Math.exp(random() * Math.log(2_000_000))) - 1;
      const roll = random();
      c.name.push(name);
      c.title.push(sentence(3, 9).slice(0, 100));
      c.persona.push(persona);
      c.scenario.push(sentence(8, 24));
      c.greeting.push(sentence(8, 20));
      c.creatorUserId.push(creators.pick());
      c.language.push(language.pick());
      c.tokenCount.push(Math.floor(Math.exp(4 + random() * 4.2)));
      c.numMessages.push(numMessages);
      c.numMessages24h.push(Math.floor(numMessages * random() * 0.02));
      c.ratingScore.push(Math.round(random() * 1000) / 1000);
      c.numRatings.push(Math.floor(numMessages / 50));
      c.isNsfw.push(isNsfw);
      c.visibility.push(roll < 0.05 ? 'private' : roll < 0.08 ? 'hidden' : 'public');
      c.moderationStatus.push(random() < 0.01 ? 'pending' : null);
      c.createdAt.push(new Date(now - Math.floor(random() * twoYears)).toISOString());
      c.tagIds.push(`{${sorted.map((t) => String(tagIds.get(t) ?? 0)).join(',')}}`);
      c.tagNames.push(sorted.join(' '));
    }
    await bulk.insertCharacters(db, c);
    written += size;
    if (written % 50_000 === 0 || written === plan.characters) progress(written, 'characters');
  }
  progress(plan.characters, 'tag links');
  await bulk.linkAllTags(db);
  progress(plan.characters, 'vacuum analyze');
  await bulk.analyze(db);
  progress(plan.characters, 'search statistics');
  await refreshSearchStats(db);
}
