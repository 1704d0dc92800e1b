/**
 * The waiting room in Redis (spec: product-core, "Waiting queue"; issue 7 part 9): a line of waiters by
 * ticket, the callers holding access until it expires, and an admission step that lets the head of the
 * line in as capacity allows. Callers join by opening a chat or sending, never by browsing; access ends
 * after an idle time without messages (each message renews it) and at the latest when the turn ends.
 * Standing and admitting are Lua scripts, so any number of servers and workers share one consistent
 * line. A waiter's position is their rank in line; servers derive it from their ticket,
 * the head's ticket and the tickets of waiters who left in between (docs/performance.md, trap 4).
 */
import { RedisScript, type Redis } from './redis';
import { redisKeys, type RedisKeys } from './redis-keys';

/** Waiters unseen for this long (no open socket, no status fetch) leave the line. */
export const ghostAfterMs = 60_000;
/** The admission rate is measured over this window. */
const rateWindowMs = 5 * 60_000;

/** Access now, the place in line (1 is next) with the ticket that orders it, or neither. */
export type Standing =
  | { status: 'access'; expiresAt: number }
  | { status: 'waiting'; ticket: number; position: number }
  | { status: 'none' };

/** A waiter's position from the head's ticket and the tickets left empty before theirs (ascending). */
export function positionOf(ticket: number, head: number, holes: readonly number[]): number {
  let lo = 0;
  let hi = holes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((holes[mid] ?? 0) < ticket) lo = mid + 1;
    else hi = mid;
  }
  return ticket - head + 1 - lo;
}

/**
 * Where a caller stands, in one of three modes. `peek` only reports: access if held, else the place in
 * line (marking the waiter as seen), else `none`. `join` also lines up a caller who neither waits nor
 * holds access: in at once when nobody waits and there is room, else a new ticket. `claim` is what a
 * message does: it joins like `join`, and renews access that is held to ARGV[4] ms from now, never
 * past the end of the turn (KEYS[8]).
 */
const standScript = `
local now = tonumber(ARGV[2])
local mode = ARGV[3]
local idle = tonumber(ARGV[4])
local turn = tonumber(ARGV[5])
local expires = redis.call('zscore', KEYS[2], ARGV[1])
if expires and tonumber(expires) > now then
  if mode == 'claim' then
    local renewed = now + idle
    local turnEnd = redis.call('zscore', KEYS[8], ARGV[1])
    if turnEnd then renewed = math.min(renewed, tonumber(turnEnd)) end
    if renewed > tonumber(expires) then
      redis.call('zadd', KEYS[2], renewed, ARGV[1])
      expires = tostring(renewed)
    end
  end
  return {'access', expires}
end
local ticket = redis.call('zscore', KEYS[1], ARGV[1])
if ticket then
  redis.call('zadd', KEYS[3], now, ARGV[1])
  return {'waiting', ticket, tostring(redis.call('zrank', KEYS[1], ARGV[1]) + 1)}
end
if mode == 'peek' then return {'none'} end
local capacity = tonumber(redis.call('hget', KEYS[5], 'capacity') or '-1')
if capacity > 0 and redis.call('zcard', KEYS[1]) == 0
  and redis.call('zcount', KEYS[2], '(' .. now, '+inf') < capacity then
  local until_ = now + math.min(idle, turn)
  redis.call('zadd', KEYS[2], until_, ARGV[1])
  redis.call('zadd', KEYS[8], now + turn, ARGV[1])
  redis.call('zadd', KEYS[6], now, now .. ':' .. ARGV[1])
  redis.call('hincrby', KEYS[7], 'admissions', 1)
  return {'access', tostring(until_)}
end
ticket = redis.call('incr', KEYS[4])
redis.call('zadd', KEYS[1], ticket, ARGV[1])
redis.call('zadd', KEYS[3], now, ARGV[1])
return {'waiting', tostring(ticket), tostring(redis.call('zrank', KEYS[1], ARGV[1]) + 1)}`;

/**
 * Expires access, drops waiters not seen lately, then admits from the head of the line in ticket
 * order while below capacity (at most ARGV[4] this time): access for ARGV[2] ms, in a turn of ARGV[8]
 * ms. The tickets of waiters who left stay as holes until the head passes them. Returns the head
 * ticket after admission (0 when nobody waits), the number still waiting, admissions in the rate
 * window, how many were admitted, the admitted, then the holes.
 */
const admitScript = `
local now = tonumber(ARGV[1])
redis.call('zremrangebyscore', KEYS[2], '-inf', now)
redis.call('zremrangebyscore', KEYS[8], '-inf', now)
local ghosts = redis.call('zrangebyscore', KEYS[3], '-inf', ARGV[5])
for _, id in ipairs(ghosts) do
  local ticket = redis.call('zscore', KEYS[1], id)
  if ticket then redis.call('zadd', KEYS[7], ticket, ticket) end
  redis.call('zrem', KEYS[1], id)
  redis.call('zrem', KEYS[3], id)
end
local capacity = tonumber(ARGV[3])
local room = math.min(capacity - redis.call('zcard', KEYS[2]), tonumber(ARGV[4]))
local admitted = {}
if room > 0 then
  admitted = redis.call('zrange', KEYS[1], 0, room - 1)
  local until_ = now + tonumber(ARGV[2])
  for _, id in ipairs(admitted) do
    redis.call('zrem', KEYS[1], id)
    redis.call('zrem', KEYS[3], id)
    redis.call('zadd', KEYS[2], until_, id)
    redis.call('zadd', KEYS[8], now + tonumber(ARGV[8]), id)
    redis.call('zadd', KEYS[5], now, now .. ':' .. id)
  end
  redis.call('hincrby', KEYS[6], 'admissions', #admitted)
end
redis.call('zremrangebyscore', KEYS[5], '-inf', now - tonumber(ARGV[6]))
local headEntry = redis.call('zrange', KEYS[1], 0, 0, 'WITHSCORES')
local head = headEntry[2] or '0'
if head == '0' then
  redis.call('del', KEYS[7])
else
  redis.call('zremrangebyscore', KEYS[7], '-inf', '(' .. head)
end
local holes = redis.call('zrange', KEYS[7], 0, -1)
local waiting = redis.call('zcard', KEYS[1])
local recent = redis.call('zcard', KEYS[5])
redis.call('hset', KEYS[4], 'capacity', capacity, 'head', head, 'waiting', waiting, 'recent', recent)
redis.call('pexpire', KEYS[4], ARGV[7])
local out = {head, tostring(waiting), tostring(recent), tostring(#admitted)}
for _, id in ipairs(admitted) do table.insert(out, id) end
for _, t in ipairs(holes) do table.insert(out, t) end
return out`;

export interface AdmissionResult {
  /** Ticket at the head of the line after admission; 0 when nobody waits. */
  head: number;
  /** Tickets past the head left by waiters who went away, ascending. */
  holes: number[];
  waiting: number;
  /** Admissions within the rate window, for the estimated wait. */
  recentAdmissions: number;
  admitted: string[];
}

const stand = new RedisScript(standScript);
const admission = new RedisScript(admitScript);

/** How `stand` treats a caller who neither waits nor holds access, and access that is held. */
export type StandMode = 'peek' | 'join' | 'claim';

export interface AccessTimes {
  /** Access ends this long after admission or the caller's last message. */
  idleMs: number;
  /** One turn of access never lasts longer than this, messages or not. */
  turnMs: number;
}

export class WaitingRoomStore {
  private readonly k: RedisKeys['waitingRoom'];

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly times: AccessTimes,
  ) {
    this.k = redisKeys(prefix).waitingRoom;
  }

  /**
   * Where the caller stands (see `standScript`): `peek` never joins, `join` lines the caller up,
   * `claim` lines them up or renews the access they hold.
   */
  async stand(userId: string, mode: StandMode, now = Date.now()): Promise<Standing> {
    const reply = await stand.run(
      this.redis,
      [
        this.k.line,
        this.k.access,
        this.k.seen,
        this.k.ticket,
        this.k.state,
        this.k.admitted,
        this.k.counters,
        this.k.turnEnds,
      ],
      [userId, String(now), mode, String(this.times.idleMs), String(this.times.turnMs)],
    );
    const [status, a, b] = toStrings(reply);
    if (status === 'access') return { status: 'access', expiresAt: Number(a) };
    if (status === 'waiting') return { status: 'waiting', ticket: Number(a), position: Number(b) };
    return { status: 'none' };
  }

  /** Marks waiters as still there (their sockets are open). */
  async touch(userIds: readonly string[], now = Date.now()): Promise<void> {
    if (userIds.length === 0) return;
    // XX: only waiters still in line are marked; the admitted are not added back.
    await this.redis.zadd(this.k.seen, 'XX', ...userIds.flatMap((id) => [now, id]));
  }

  /** One admission step; `maxAdmit` caps how many enter this time (0 when the pool is saturated). */
  async admit(opts: {
    capacity: number;
    maxAdmit: number;
    stateTtlMs: number;
    now?: number;
  }): Promise<AdmissionResult> {
    const now = opts.now ?? Date.now();
    const reply = await admission.run(
      this.redis,
      [
        this.k.line,
        this.k.access,
        this.k.seen,
        this.k.state,
        this.k.admitted,
        this.k.counters,
        this.k.holes,
        this.k.turnEnds,
      ],
      [
        String(now),
        String(Math.min(this.times.idleMs, this.times.turnMs)),
        String(opts.capacity),
        String(Math.max(0, opts.maxAdmit)),
        String(now - ghostAfterMs),
        String(rateWindowMs),
        String(opts.stateTtlMs),
        String(this.times.turnMs),
      ],
    );
    const [head = '0', waiting = '0', recent = '0', count = '0', ...rest] = toStrings(reply);
    const admittedCount = Number(count);
    return {
      head: Number(head),
      holes: rest.slice(admittedCount).map(Number),
      waiting: Number(waiting),
      recentAdmissions: Number(recent),
      admitted: rest.slice(0, admittedCount),
    };
  }

  /** The last admission step's capacity and rate (null before the first step or after workers stop). */
  async state(): Promise<{ capacity: number; recentAdmissions: number; waiting: number } | null> {
    const state = await this.redis.hgetall(this.k.state);
    if (state.capacity === undefined) return null;
    return {
      capacity: Number(state.capacity),
      recentAdmissions: Number(state.recent ?? 0),
      waiting: Number(state.waiting ?? 0),
    };
  }

  /** Waiters in line now, and admissions ever made. */
  async counts(): Promise<{ waiting: number; admissions: number }> {
    const [waiting, admissions] = await Promise.all([
      this.redis.zcard(this.k.line),
      this.redis.hget(this.k.counters, 'admissions'),
    ]);
    return { waiting, admissions: Number(admissions ?? 0) };
  }

  /** How many callers hold access now. */
  async accessCount(now = Date.now()): Promise<number> {
    return this.redis.zcount(this.k.access, `(${String(now)}`, '+inf');
  }
}

/**
 * Estimated seconds until a waiter at `position` is let in: from the measured admission rate, or,
 * before any admission was measured, from how fast access turns over at this capacity.
 */
export function estimateWaitSeconds(opts: {
  position: number;
  recentAdmissions: number;
  capacity: number;
  accessSeconds: number;
}): number {
  const perSecond =
    opts.recentAdmissions > 0
      ? opts.recentAdmissions / (rateWindowMs / 1000)
      : Math.max(1, opts.capacity) / opts.accessSeconds;
  return Math.ceil(opts.position / perSecond);
}

function toStrings(reply: unknown): string[] {
  return Array.isArray(reply) ? reply.map((v) => String(v)) : [];
}
