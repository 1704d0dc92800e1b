/**
 * When a streaming replica may serve a read (README "Scaling out: read replicas"), as pure rules over
 * WAL positions so they are unit-tested: a replica serves a read only once it has replayed the
 * reader's own last write (read-your-writes) and everything the primary had DATABASE_READ_MAX_LAG_MS
 * before the read began (so no reader sees older data than that). read-db.ts applies them.
 */

/** A WAL position (PostgreSQL's pg_lsn, written '16/B374D848') as a number, so positions compare. */
export type Lsn = bigint;

/** A pg_lsn's text ('16/B374D848') as a number. */
export function parseLsn(text: string): Lsn {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (match === null) throw new Error(`not a WAL position: ${text}`);
  const [, high = '0', low = '0'] = match;
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** A position as 16 hex digits: as strings (in Redis) two compare in the order they do as numbers. */
export function lsnText(lsn: Lsn): string {
  return lsn.toString(16).padStart(16, '0');
}

export function lsnOfText(text: string): Lsn {
  return BigInt(`0x${text}`);
}

/** The primary's WAL position and when it was asked for (performance.now(), before the query went). */
export interface LsnSample {
  at: number;
  lsn: Lsn;
}

/**
 * What the lag bound asks of a replica for a read beginning at `now`, from the primary's samples: the
 * earliest position asked for at or after now − maxLagMs (it covers every commit before that moment,
 * and asks least of the replicas), or null when no sample is that recent (then ask the primary now).
 * `kept` are the samples that can still serve: older ones never will, since the cutoff only moves on.
 */
export function lagFloor(
  samples: readonly LsnSample[],
  now: number,
  maxLagMs: number,
): { floor: Lsn | null; kept: LsnSample[] } {
  const kept = samples.filter((s) => s.at >= now - maxLagMs);
  const floor = kept.reduce<Lsn | null>(
    (min, s) => (min === null || s.lsn < min ? s.lsn : min),
    null,
  );
  return { floor, kept };
}

/** What a replica is known to have replayed: null while it is down or not yet reached. */
export interface ReplicaState {
  replayed: Lsn | null;
  /** When it last answered or failed to (performance.now(); -Infinity: never asked). */
  checkedAt: number;
}

/** How long a replica's replayed position is trusted before a read that needs more asks it again. */
export const replayCacheMs = 20;
/** How long a replica that failed is left alone before it is tried again, in the background. */
export const downRetryMs = 2_000;

/**
 * What a read that needs the replica to have replayed `required` does with it: `serve` from it; `ask`
 * it for its position first (it answered recently but is short, and may have caught up since: one
 * cheap round trip, then serve or skip); `retry` it in the background and skip it this time (it is
 * down, and its retry is due: a down replica never delays a read); or `skip` it.
 */
export function replicaVerdict(
  replica: ReplicaState,
  required: Lsn,
  now: number,
): 'serve' | 'ask' | 'retry' | 'skip' {
  const age = now - replica.checkedAt;
  if (replica.replayed === null) return age >= downRetryMs ? 'retry' : 'skip';
  if (replica.replayed >= required) return 'serve';
  return age >= replayCacheMs ? 'ask' : 'skip';
}

/** What a replica must have replayed: the lag floor or the reader's last write, whichever is later. */
export function requiredLsn(floor: Lsn, lastWrite: Lsn | null): Lsn {
  return lastWrite !== null && lastWrite > floor ? lastWrite : floor;
}
