/**
 * Where a read-mostly public read runs (README "Scaling out: read replicas"): on a streaming replica
 * from DATABASE_READ_URL that has replayed the reader's own last write and everything the primary had
 * DATABASE_READ_MAX_LAG_MS earlier (the rules are replica-lsn.ts), else on the primary. The one owner
 * of the replica pools, of what each replica is known to have replayed and of each reader's last-write
 * record in Redis. Writes, transactions and a member's own records use the primary `Db`, never this.
 */
import { performance } from 'node:perf_hooks';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/log';
import { RedisScript, type Redis } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';
import { createDb, type Db } from './database';
import {
  lagFloor,
  lsnOfText,
  lsnText,
  replicaVerdict,
  requiredLsn,
  type Lsn,
  type LsnSample,
  type ReplicaState,
} from './replica-lsn';
import { primaryLsn, replayedLsn } from './repositories/replication.repo';

export interface ReadDb {
  /**
   * Runs a public read on a replica that has what `reader` wrote (a member's user id, a shared
   * record's name, or null when the read depends on nobody's writes), else on the primary. A read
   * that fails on a replica runs again on the primary, so no request fails because a replica is down.
   */
  read: <T>(reader: string | null, run: (db: Db) => Promise<T>) => Promise<T>;
  /** Records that `writer` just wrote on the primary: their reads wait for a replica to replay it. */
  noteWrite: (writer: string) => Promise<void>;
  /** What this process's reads did since it started, for /metrics. */
  stats: () => ReadStats;
  close: () => Promise<void>;
}

/** Counts of this process's public reads, and each replica's health as last seen. */
export interface ReadStats {
  /** Reads a replica served. */
  onReplica: number;
  /** Reads the primary served: no replica had what they needed, or none is configured. */
  onPrimary: number;
  replicas: {
    /** host:port of DATABASE_READ_URL's entry. */
    name: string;
    /** Reads that failed on it and ran again on the primary. */
    failed: number;
    /** Whether it answered the last question of how far it has replayed; null before the first. */
    isUp: boolean | null;
  }[];
}

export interface ReadDbOptions {
  /** The replicas' URLs (DATABASE_READ_URL); none reads everything from the primary. */
  urls: readonly string[];
  /** How stale a read may be for someone who did not write (DATABASE_READ_MAX_LAG_MS). */
  maxLagMs: number;
  redis: Redis;
  prefix: string;
  log: Logger;
}

export function createReadDb(primary: Db, options: ReadDbOptions): ReadDb {
  return options.urls.length === 0 ? primaryReads(primary) : new ReplicatedReads(primary, options);
}

/** Every read on the primary, as without DATABASE_READ_URL: nothing to record, nothing to close. */
export function primaryReads(primary: Db): ReadDb {
  let onPrimary = 0;
  return {
    read: (_reader, run) => {
      onPrimary += 1;
      return run(primary);
    },
    noteWrite: () => Promise.resolve(),
    stats: () => ({ onReplica: 0, onPrimary, replicas: [] }),
    close: () => Promise.resolve(),
  };
}

/**
 * Sets a reader's last write to a position unless a later one is kept (two requests of one member may
 * finish in either order). KEYS: the record. ARGV: the position (lsnText), its time to live in ms.
 */
const noteLater = new RedisScript(`
local kept = redis.call('get', KEYS[1])
if not kept or ARGV[1] > kept then redis.call('set', KEYS[1], ARGV[1], 'px', ARGV[2]) end
return 0`);

/**
 * How long a reader's last write is kept beyond the lag bound. Once the bound alone makes every replica
 * that serves a read have the write, the record is no longer needed; the second absorbs the difference
 * between this process's clock and Redis's.
 */
const lastWriteSlackMs = 1_000;

/**
 * A replica that does not accept a connection within connectTimeoutMs, or answer a query within
 * queryTimeoutMs, is taken as down. The query bound is well above any public read's time on a healthy
 * replica (the search bench's p99 is tens of ms), so it only ends a wait on a host that stopped.
 */
const replicaLimits = { connectTimeoutMs: 2_000, queryTimeoutMs: 5_000 };

class ReplicatedReads implements ReadDb {
  private readonly replicas: Replica[];
  /** The primary's recent positions (lagFloor), and the question in flight. */
  private samples: LsnSample[] = [];
  private sampling: { at: number; lsn: Promise<Lsn> } | null = null;
  /** Where the next read starts looking, so reads spread over the replicas in turn. */
  private next = 0;
  private onReplica = 0;
  private onPrimary = 0;

  constructor(
    private readonly primary: Db,
    private readonly options: ReadDbOptions,
  ) {
    this.replicas = options.urls.map(
      (url) => new Replica(createDb(url, 10, replicaLimits), new URL(url).host, options.log),
    );
  }

  async read<T>(reader: string | null, run: (db: Db) => Promise<T>): Promise<T> {
    // Redis or the primary failing to answer the routing questions leaves the read on the primary.
    const replica = await this.choose(reader).catch(() => null);
    if (replica === null) return this.onThePrimary(run);
    try {
      const result = await run(replica.db);
      this.onReplica += 1;
      return result;
    } catch (err) {
      if (err instanceof AppError) throw err;
      replica.failed += 1;
      // Down since it last answered, hung past the query bound, or the query cancelled by a conflict
      // with replay: a read is safe to run twice.
      this.options.log.warn(
        { err, replica: replica.name },
        'replica read failed; read on the primary',
      );
      replica.forget();
      return this.onThePrimary(run);
    }
  }

  stats(): ReadStats {
    return {
      onReplica: this.onReplica,
      onPrimary: this.onPrimary,
      replicas: this.replicas.map((r) => ({
        name: r.name,
        failed: r.failed,
        isUp: r.isUp,
      })),
    };
  }

  private onThePrimary<T>(run: (db: Db) => Promise<T>): Promise<T> {
    this.onPrimary += 1;
    return run(this.primary);
  }

  async noteWrite(writer: string): Promise<void> {
    const lsn = await primaryLsn(this.primary);
    await noteLater.run(
      this.options.redis,
      [redisKeys(this.options.prefix).lastWrite(writer)],
      [lsnText(lsn), this.options.maxLagMs + lastWriteSlackMs],
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.db.destroy()));
  }

  private async choose(reader: string | null): Promise<Replica | null> {
    const [floor, lastWrite] = await Promise.all([
      this.floor(),
      reader === null ? null : this.lastWriteOf(reader),
    ]);
    const required = requiredLsn(floor, lastWrite);
    const count = this.replicas.length;
    const start = this.next;
    this.next = (start + 1) % count;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(start + i) % count];
      if (replica !== undefined && (await this.mayServe(replica, required))) return replica;
    }
    return null;
  }

  private async mayServe(replica: Replica, required: Lsn): Promise<boolean> {
    switch (replicaVerdict(replica.state, required, performance.now())) {
      case 'serve':
        return true;
      case 'ask':
        await replica.ask();
        return replicaVerdict(replica.state, required, performance.now()) === 'serve';
      case 'retry':
        void replica.ask();
        return false;
      case 'skip':
        return false;
    }
  }

  private async lastWriteOf(reader: string): Promise<Lsn | null> {
    const text = await this.options.redis.get(redisKeys(this.options.prefix).lastWrite(reader));
    return text === null ? null : lsnOfText(text);
  }

  /** The primary's position the lag bound asks of a replica, for a read beginning now. */
  private async floor(): Promise<Lsn> {
    const now = performance.now();
    const { maxLagMs } = this.options;
    const { floor, kept } = lagFloor(this.samples, now, maxLagMs);
    this.samples = kept;
    if (floor === null) return this.askPrimary(now);
    // Asked again halfway through the window, a sample old enough for the replicas to have passed it
    // is always at hand, and only a read after a quiet spell waits for the primary's answer.
    const newest = Math.max(...kept.map((s) => s.at));
    if (newest < now - maxLagMs / 2) void this.askPrimary(now).catch(() => undefined);
    return floor;
  }

  /** The primary's position, asked now or by a question in flight asked at or after `notBefore`. */
  private askPrimary(notBefore: number): Promise<Lsn> {
    if (this.sampling !== null && this.sampling.at >= notBefore) return this.sampling.lsn;
    const at = performance.now();
    const lsn: Promise<Lsn> = primaryLsn(this.primary)
      .then((position) => {
        this.samples.push({ at, lsn: position });
        return position;
      })
      .finally(() => {
        if (this.sampling?.lsn === lsn) this.sampling = null;
      });
    this.sampling = { at, lsn };
    return lsn;
  }
}

const neverAsked: ReplicaState = { replayed: null, checkedAt: Number.NEGATIVE_INFINITY };

/** One replica: its pool and what it is known to have replayed. */
class Replica {
  state: ReplicaState = neverAsked;
  /** Reads that failed on it, and whether it answered when last asked or read from (stats). */
  failed = 0;
  isUp: boolean | null = null;
  private asking: Promise<void> | null = null;

  constructor(
    readonly db: Db,
    readonly name: string,
    private readonly log: Logger,
  ) {}

  /** Asks the replica how far it has replayed, one question at a time; never rejects. */
  ask(): Promise<void> {
    this.asking ??= this.askOnce().finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  /** Forgets the replica's position after a read on it failed: it is asked again before it serves. */
  forget(): void {
    this.state = neverAsked;
    this.isUp = false;
  }

  private async askOnce(): Promise<void> {
    const wasDown = this.isUp === false;
    const replayed = await replayedLsn(this.db).catch(() => null);
    this.state = { replayed, checkedAt: performance.now() };
    this.isUp = replayed !== null;
    // Said once per change, not at every retry.
    if (replayed === null && !wasDown) {
      this.log.warn(
        { replica: this.name },
        'replica unreachable or not replaying: its reads go to the primary',
      );
    } else if (replayed !== null && wasDown) {
      this.log.info({ replica: this.name }, 'replica serves reads again');
    }
  }
}
