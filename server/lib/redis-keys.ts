/**
 * Every Redis key, channel and queue prefix of the product, with the configured prefix applied here and
 * nowhere else (docs/style.md, "Ownership"). Several installs can share one Redis by prefix. The module
 * that owns a record (reply-state.ts, waiting-room.ts, …) is the only one that reads and writes its keys.
 *
 * On a Redis Cluster (README "Scaling out: Redis Cluster") the keys one command, MULTI or Lua script
 * touches together must hash to one slot: they share a hash tag, the part in braces, which alone
 * decides the slot. A conversation's records share `{conv:<id>}`, so conversations spread over the
 * masters; each queue's BullMQ keys share `{bull:<queue>}`; records always used together (the waiting
 * room, the worker pool) share one tag each. The prefix never holds braces (config.ts).
 */

function build(prefix: string) {
  const p = prefix;
  /** A conversation's records and channel, all in its hash slot. */
  const conv = (conversationId: string) => `${p}{conv:${conversationId}}`;
  return {
    /** A pattern matching every key of the install (for clearing a test or bench prefix). */
    everything: `${p}*`,
    /** BullMQ's key prefix of one queue: its keys share a hash slot, and queues spread over them. */
    bull: (queue: string) => `${p}{bull:${queue}}`,
    /** The Socket.IO sharded Redis adapter's channel prefix (rooms across servers). */
    socketIo: `${p}socket.io`,

    /**
     * Sharded channel of a conversation's frames (SPUBLISH), in the conversation's slot so its scripts
     * publish from the shard holding its records; only servers holding its room subscribe.
     */
    conversationChannel: (conversationId: string) => conv(conversationId),
    /** The conversation whose channel this is, or undefined for another channel. */
    conversationOfChannel: (channel: string): string | undefined =>
      /^\{conv:([^}]+)\}$/.exec(channel.startsWith(p) ? channel.slice(p.length) : '')?.[1],
    /** Channel of control messages to every worker (stop a reply); plain pub/sub reaches every node. */
    controlChannel: `${p}control`,
    /** Hash of the reply in flight in a conversation; its presence marks the conversation busy. */
    inflight: (conversationId: string) => `${conv(conversationId)}:inflight`,
    /** The text so far of the reply in flight in a conversation, appended frame by frame. */
    inflightText: (conversationId: string) => `${conv(conversationId)}:inflight-text`,
    /**
     * Flag asking the worker to stop a reply of a conversation, also seen by a worker that picks the
     * job up later.
     */
    stop: (conversationId: string, replyId: string) => `${conv(conversationId)}:stop:${replyId}`,
    /** A group conversation's round counter (group-rounds.ts): turns of an older round are dropped. */
    groupRound: (conversationId: string) => `${conv(conversationId)}:group-round`,
    /** A finished autopilot draft of a conversation, kept for its message box until sent or discarded. */
    autopilotDraft: (conversationId: string) => `${conv(conversationId)}:autopilot-draft`,
    /** The newest reply of a conversation that finished unwatched and is not opened yet (missed-replies.ts). */
    missedReply: (conversationId: string) => `${conv(conversationId)}:missed-reply`,

    /** A speech clip being spoken: its audio chunks, then done or failed (lib/speech-clips.ts). */
    speechClip: (clipId: string) => `${p}speech:${clipId}`,

    /** Fixed-window rate-limit counters. */
    rateLimit: {
      // A guest's send takes from both of these in one script (lib/rate-limit.ts), so they share a slot.
      guestMessages: (userId: string) => `${p}{rl:guest-messages}:${userId}`,
      guestMessagesIp: (ip: string) => `${p}{rl:guest-messages}:ip:${ip}`,
      newGuestsIp: (ip: string) => `${p}rl:new-guests-ip:${ip}`,
      memberMessages: (userId: string) => `${p}rl:member-messages:${userId}`,
      /** Character card import previews of a member (each reads a file and may store an image). */
      cardImports: (userId: string) => `${p}rl:card-imports:${userId}`,
      mailEmail: (email: string) => `${p}rl:mail:email:${email}`,
      mailIp: (ip: string) => `${p}rl:mail:ip:${ip}`,
      verifyIp: (ip: string) => `${p}rl:verify:ip:${ip}`,
      reports: (userId: string) => `${p}rl:reports:${userId}`,
    },

    /** A pending sign-in code, by the hash of the email. */
    loginCode: (emailHash: string) => `${p}login:code:${emailHash}`,
    /** A pending magic link, by the hash of its token. */
    loginLink: (tokenHash: string) => `${p}login:link:${tokenHash}`,
    /** A session (family) ended before its access tokens expire; kept for one token lifetime. */
    endedSession: (sessionFamily: string) => `${p}session-ended:${sessionFamily}`,
    /** A member's standing (stored role and active restrictions), cached briefly (lib/member-standing.ts). */
    restrictions: (userId: string) => `${p}restrictions:${userId}`,
    /** A sandbox age-verification session. */
    ageVerificationSandbox: (id: string) => `${p}age-verification:sandbox:${id}`,
    /**
     * The SANDBOX payment gateway's own records (services/billing/sandbox.gateway.ts); a payment and
     * its idempotency key are stored in one MULTI, so the sandbox keeps to one slot.
     */
    paymentsSandbox: {
      token: (id: string) => `${p}{pay-sandbox}:token:${id}`,
      customer: (id: string) => `${p}{pay-sandbox}:customer:${id}`,
      card: (id: string) => `${p}{pay-sandbox}:card:${id}`,
      payment: (id: string) => `${p}{pay-sandbox}:payment:${id}`,
      /** The payment an idempotency key made. */
      paymentByKey: (key: string) => `${p}{pay-sandbox}:key:${key}`,
    },
    /** A one-time code or transient id of the SANDBOX pledge service. */
    pledgeSandbox: (kind: 'code' | 'transient', id: string) => `${p}pledge-sandbox:${kind}:${id}`,
    /** The state of a member's pledge-link attempt, until the service sends the browser back. */
    pledgeState: (state: string) => `${p}pledge-state:${state}`,
    /** One checkout or subscription change of a member at a time (services/billing/member-lock.ts). */
    billingLock: (userId: string) => `${p}billing-lock:${userId}`,
    /** Channel telling every server that a member's role or subscription changed. */
    accountChannel: `${p}account:changed`,

    /** The waiting room (docs/architecture.md, "Queues", `waiting-room`); its scripts take all its keys. */
    waitingRoom: {
      /** Sorted set of waiters, scored by ticket (arrival order). */
      line: `${p}{wr}:line`,
      /** Sorted set of callers holding access, scored by when it expires (epoch ms). */
      access: `${p}{wr}:access`,
      /** Sorted set of callers holding access, scored by when their turn ends whatever they send. */
      turnEnds: `${p}{wr}:turn-ends`,
      /** Sorted set of waiters, scored by when they were last seen (epoch ms); the unseen leave. */
      seen: `${p}{wr}:seen`,
      /** Counter handing out tickets. */
      ticket: `${p}{wr}:ticket`,
      /** Sorted set of recent admissions, scored by time, for the measured admission rate. */
      admitted: `${p}{wr}:admitted`,
      /** Hash the admission tick keeps current: capacity, head ticket, waiting count, rate. */
      state: `${p}{wr}:state`,
      /** Sorted set of the tickets of waiters who left, until the head passes them. */
      holes: `${p}{wr}:holes`,
      /** Hash of counters that never expire (admissions), shown at /metrics. */
      counters: `${p}{wr}:counters`,
      /** Channel on which each admission tick tells every server how the line moved (plain pub/sub). */
      channel: `${p}wr:moved`,
    },

    /** Sorted set of live worker processes serving generation, scored by heartbeat expiry. */
    workerPool: `${p}{pool}:workers`,
    /** Hash of each live worker process's generation concurrency (in one MULTI with workerPool). */
    workerSlots: `${p}{pool}:slots`,
    /** Hash of failed jobs per queue, counted by the workers and shown at /metrics. */
    jobFailures: `${p}metrics:job-failures`,
    /** Histograms of the whole pool (a hash of bucket counts, sum and count). */
    histogram: (name: 'ttft' | 'tps') => `${p}metrics:${name}`,

    /**
     * The primary's WAL position after a reader's last write, while replicas may still lack it
     * (db/read-db.ts): a member's user id, or a shared record's name such as the leaderboard.
     */
    lastWrite: (reader: string) => `${p}last-write:${reader}`,

    /** The creators leaderboard's page cache (lib/leaderboard-cache.ts). */
    leaderboard: {
      /** Counter bumped when what everyone sees changes (a month approved): older pages are unused. */
      generation: `${p}lb:gen`,
      /** A cached public page: the month asked for ('latest' when none), category and page number. */
      page: (generation: number, month: string, type: string, page: number) =>
        `${p}lb:page:${String(generation)}:${month}:${type}:${String(page)}`,
    },
  };
}

export type RedisKeys = ReturnType<typeof build>;

const built = new Map<string, RedisKeys>();

/** The keys of one install; built once per prefix. */
export function redisKeys(prefix: string): RedisKeys {
  let keys = built.get(prefix);
  if (keys === undefined) {
    keys = build(prefix);
    built.set(prefix, keys);
  }
  return keys;
}
