/**
 * The search part of npm run bench (docs/performance.md G6): library search and listing latency on the
 * large library (npm run seed:large) through the library service, for frequent, mid-frequency and rare
 * words, two-word queries, name prefixes and typos, with and without filters, every sort, a deep page
 * and a member with blocked creators. Each case runs `samples` queries, each with another word picked
 * from the words of its frequency band; p95 ≤ 50 ms and worst p95 ≤ 5× best are the targets. The
 * first searches of each case run again under auto_explain to count the shared buffers they touch,
 * which, unlike timings, other processes' load does not move.
 */
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadConfig } from '#server/config';
import { createDb, type Db } from '#server/db/database';
import { primaryReads } from '#server/db/read-db';
import type { Database } from '#server/db/tables';
import * as large from '#server/db/repositories/large-library.repo';
import type { Caller } from '#server/lib/caller';
import { listLibrary } from '#server/services/library.service';
import { LibraryQuerySchema, type LibraryQueryInput } from '#shared/api/library';
import { startLargePostgres } from '../large-postgres';
import { median, quantile } from './stats';

export interface SearchCase {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  samples: number;
  /** Median number of results on the page. */
  results: number;
  /** Shared buffers one search touched (hit + read, every statement), median and p95. */
  buffersP50: number;
  buffersP95: number;
  /** Of those, the median read from outside shared buffers. */
  readP50: number;
}

export type SearchReport =
  | { kind: 'missing'; message: string }
  | {
      kind: 'done';
      characters: number;
      /** Whether the database's shared memory is in huge pages (null: not known). */
      hugePages: boolean | null;
      /** Megabytes read into shared buffers before the run, and how long that took. */
      warmMb: number;
      warmSeconds: number;
      cases: SearchCase[];
    };

const samples = Number(process.env.BENCH_SEARCH_SAMPLES ?? 200);
/** Connections of each pool (the library service's, and the one counting buffers). */
const poolSize = 4;
/** Searches per case run again under auto_explain to count their buffers. */
const bufferSamples = Math.min(samples, 20);

/**
 * A Db whose sessions send each statement's plan with its buffer counts to this client (auto_explain
 * at NOTICE level; the bench connects as a superuser): buffer counts do not move with other
 * processes' load, as timings do. A statement cancelled by its timeout (a walk given up) is not
 * counted.
 */
function explainingDb(url: string): { db: Db; take: () => { hit: number; read: number } } {
  let hit = 0;
  let read = 0;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      const text = notice.message ?? '';
      const start = text.indexOf('{');
      if (!text.startsWith('duration:') || start < 0) return;
      const plan: unknown = JSON.parse(text.slice(start));
      if (typeof plan !== 'object' || plan === null || !('Plan' in plan)) return;
      const top = plan.Plan;
      if (typeof top !== 'object' || top === null) return;
      if ('Shared Hit Blocks' in top && typeof top['Shared Hit Blocks'] === 'number') {
        hit += top['Shared Hit Blocks'];
      }
      if ('Shared Read Blocks' in top && typeof top['Shared Read Blocks'] === 'number') {
        read += top['Shared Read Blocks'];
      }
    });
    // Queued before any query the pool hands this client for.
    client
      .query(
        `load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set auto_explain.log_timing = off;
        set auto_explain.log_format = json; set auto_explain.log_level = notice`,
      )
      .catch(() => undefined);
  });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    take: () => {
      const taken = { hit, read };
      hit = 0;
      read = 0;
      return taken;
    },
  };
}

function pick<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) throw new Error('no sample values for a bench case');
  return item;
}

async function pools(db: Db) {
  const [frequent, mid, rare, commonTags, midTags, names] = await Promise.all([
    large.termsByFrequency(db, 100_000, 10_000_000, 30),
    large.termsByFrequency(db, 1_000, 10_000, 60),
    large.termsByFrequency(db, 20, 60, 60),
    large.tagsByFrequency(db, 50_000, 10_000_000, 10),
    large.tagsByFrequency(db, 1_000, 10_000, 30),
    large.sampleNames(db, 200),
  ]);
  const prefixes = names.map((n) => n.slice(0, 4).toLowerCase()).filter((p) => p.length === 4);
  const typos = names
    .filter((n) => n.length >= 6)
    .map((n) => `${n.slice(0, 3)}${n.charAt(4)}${n.charAt(3)}${n.slice(5)}`);
  return { frequent, mid, rare, commonTags, midTags, prefixes, typos };
}

type Pools = Awaited<ReturnType<typeof pools>>;

/** The cases: a name and the query of its i-th sample. */
function cases(p: Pools): [string, (i: number) => LibraryQueryInput, 'guest' | 'member'][] {
  const guest = 'guest' as const;
  return [
    ['home, Trending', () => ({}), guest],
    ['home, Top Rated', () => ({ sort: 'top_rated' }), guest],
    ['home, Popular', () => ({ sort: 'popular' }), guest],
    ['home, Latest', () => ({ sort: 'latest' }), guest],
    ['home, Name', () => ({ sort: 'name' }), guest],
    ['home, page 20', () => ({ page: 20 }), guest],
    ['common tag', (i) => ({ tags: [pick(p.commonTags, i)] }), guest],
    ['mid tag', (i) => ({ tags: [pick(p.midTags, i)] }), guest],
    ['language es + size large', () => ({ languages: ['es'], sizes: ['large'] }), guest],
    ['frequent word', (i) => ({ q: pick(p.frequent, i) }), guest],
    ['mid word', (i) => ({ q: pick(p.mid, i) }), guest],
    ['rare word', (i) => ({ q: pick(p.rare, i) }), guest],
    ['rare word, Popular', (i) => ({ q: pick(p.rare, i), sort: 'popular' }), guest],
    ['mid word, Top Rated', (i) => ({ q: pick(p.mid, i), sort: 'top_rated' }), guest],
    ['mid word, Latest', (i) => ({ q: pick(p.mid, i), sort: 'latest' }), guest],
    ['mid word, Name', (i) => ({ q: pick(p.mid, i), sort: 'name' }), guest],
    [
      'frequent + frequent',
      (i) => ({ q: `${pick(p.frequent, i)} ${pick(p.frequent, i + 7)}` }),
      guest,
    ],
    ['frequent + mid', (i) => ({ q: `${pick(p.frequent, i)} ${pick(p.mid, i)}` }), guest],
    ['mid + rare', (i) => ({ q: `${pick(p.mid, i)} ${pick(p.rare, i)}` }), guest],
    ['mid + mid', (i) => ({ q: `${pick(p.mid, i)} ${pick(p.mid, i + 11)}` }), guest],
    [
      'frequent word + common tag',
      (i) => ({ q: pick(p.frequent, i), tags: [pick(p.commonTags, i)] }),
      guest,
    ],
    ['mid word + mid tag', (i) => ({ q: pick(p.mid, i), tags: [pick(p.midTags, i)] }), guest],
    ['rare word + language en', (i) => ({ q: pick(p.rare, i), languages: ['en'] }), guest],
    [
      'frequent word + es + small',
      (i) => ({ q: pick(p.frequent, i), languages: ['es'], sizes: ['small'] }),
      guest,
    ],
    ['name prefix', (i) => ({ q: pick(p.prefixes, i) }), guest],
    ['name typo', (i) => ({ q: pick(p.typos, i) }), guest],
    ['member: blocks + NSFW, home', () => ({ nsfw: 'true' }), 'member'],
    ['member: blocks + NSFW, mid word', (i) => ({ q: pick(p.mid, i), nsfw: 'true' }), 'member'],
  ];
}

export async function searchRun(): Promise<SearchReport> {
  const config = loadConfig();
  const instance = await startLargePostgres(process.env);
  const { url } = instance;
  const db = createDb(url, poolSize);
  const explaining = explainingDb(url);
  try {
    let characters: number;
    try {
      characters = await large.countCharacters(db);
    } catch {
      characters = 0;
    }
    if (characters < 100_000) {
      return {
        kind: 'missing',
        message: `The large library is missing at ${url} (found ${String(characters)} characters). Create it with \`npm run seed:large\` (about 10 minutes on 2 cores), then run \`BENCH_ONLY=search npm run bench\`.`,
      };
    }
    // The library is read into shared buffers first, as a database that has served for a while holds
    // it. Then every connection of both pools reads it once more, as a long-running server's
    // connections have: a connection's first touch of each page of shared memory is a page fault
    // (about 10 µs on this virtual machine, 2 MB at a time in huge pages), which searches on new
    // connections paid. Then the cache once over every case, as a running server's is.
    const warmStarted = process.hrtime.bigint();
    const warmMb = await large.prewarm(db);
    await Promise.all(
      [db, explaining.db].flatMap((each) =>
        Array.from({ length: poolSize }, () => large.prewarm(each)),
      ),
    );
    const warmSeconds = Number(process.hrtime.bigint() - warmStarted) / 1e9;
    const p = await pools(db);
    const deps = { db, reads: primaryReads(db), config };
    const memberId = await large.benchMember(db, 3);
    const callers: Record<'guest' | 'member', Caller> = {
      guest: {
        userId: randomUUID(),
        kind: 'guest',
        role: 'free_tier',
        sessionFamily: null,
        restrictions: [],
        isPartner: false,
        flagsOff: [],
      },
      member: {
        userId: memberId,
        kind: 'member',
        role: 'free_tier',
        sessionFamily: null,
        restrictions: [],
        isPartner: false,
        flagsOff: [],
      },
    };
    const plan = cases(p);
    for (const [, query, who] of plan) {
      await listLibrary(deps, callers[who], undefined, LibraryQuerySchema.parse(query(0)));
    }
    const results: SearchCase[] = [];
    for (const [name, query, who] of plan) {
      const times: number[] = [];
      const counts: number[] = [];
      let failed = 0;
      for (let i = 0; i < samples; i++) {
        const parsed = LibraryQuerySchema.parse(query(i));
        const started = process.hrtime.bigint();
        try {
          const page = await listLibrary(deps, callers[who], undefined, parsed);
          counts.push(page.items.length);
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
        } catch {
          failed += 1;
        }
      }
      const buffers: number[] = [];
      const reads: number[] = [];
      for (let i = 0; i < bufferSamples; i++) {
        explaining.take();
        await listLibrary(
          { db: explaining.db, reads: primaryReads(explaining.db), config },
          callers[who],
          undefined,
          LibraryQuerySchema.parse(query(i)),
        );
        const taken = explaining.take();
        buffers.push(taken.hit + taken.read);
        reads.push(taken.read);
      }
      results.push({
        name,
        p50: median(times),
        p95: quantile(times, 0.95),
        p99: quantile(times, 0.99),
        failed,
        samples,
        results: median(counts),
        buffersP50: median(buffers),
        buffersP95: quantile(buffers, 0.95),
        readP50: median(reads),
      });
    }
    return {
      kind: 'done',
      characters,
      hugePages: instance.hugePages,
      warmMb,
      warmSeconds,
      cases: results,
    };
  } finally {
    await db.destroy();
    await explaining.db.destroy();
    await instance.stop();
  }
}

const hugePagesText: Record<string, string> = { true: 'on', false: 'off', null: 'unknown' };

/** The report's Markdown lines. */
export function searchLines(report: SearchReport): string[] {
  if (report.kind === 'missing') return ['Search run: skipped.', '', report.message];
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const p95s = report.cases.map((c) => c.p95);
  const worst = Math.max(...p95s);
  const best = Math.min(...p95s);
  const failing = report.cases.filter((c) => c.p95 > 50 || c.failed > 0).map((c) => c.name);
  return [
    `Search run: ${String(report.characters)} characters, ${String(samples)} queries per case through the library service (guest unless named); ${fmt(report.warmMb)} MB read into shared buffers and by every connection first in ${fmt(report.warmSeconds)} s, huge pages ${hugePagesText[String(report.hugePages)] ?? ''}`,
    '',
    '| case | p50 ms | p95 ms | p99 ms | failed | results on page (median) | buffers p50 | buffers p95 | read p50 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.cases.map(
      (c) =>
        `| ${c.name} | ${fmt(c.p50)} | ${fmt(c.p95)} | ${fmt(c.p99)} | ${String(c.failed)}/${String(c.samples)} | ${String(c.results)} | ${String(c.buffersP50)} | ${String(c.buffersP95)} | ${String(c.readP50)} |`,
    ),
    '',
    `Worst p95 ${fmt(worst)} ms / best p95 ${fmt(best)} ms = ${fmt(worst / best)}× (target ≤ 5×); cases over 50 ms p95 or with failures: ${failing.length === 0 ? 'none' : failing.join(', ')}.`,
  ];
}
