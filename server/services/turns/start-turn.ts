/**
 * Starting a turn (docs/architecture.md, "The chat path", step 2): a user's message, a retry, a
 * regenerate, an autopilot draft or a group chat's Next. Each kind is a small file beside this one
 * saying what it checks, stores and queues; this is the one place that runs them in the order every
 * turn keeps (check and claim the conversation, store, put the caller's socket in the room, queue the
 * job, answer) and undoes what it did when a step fails: the claim goes, a send's allowances are given
 * back, and nothing is left half-stored. The worker's side is workers/generation/reply-run.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  replyJobId,
  replyPriority,
  type AutopilotJob,
  type ContinueJob,
  type ReplyJob,
} from '#shared/jobs/generation';
import type { GroupTurnJob } from '#shared/jobs/group-turns';
import type { Message } from '#shared/schemas/message';
import { AppError } from '../../lib/errors';
import { GroupRounds } from '../../lib/group-rounds';
import { refundAllowances, takeAllowances, type Allowance } from '../../lib/rate-limit';
import type { ChatDeps, Sender } from '../chat.service';

type TurnDeps = Pick<ChatDeps, 'redis' | 'prefix' | 'queue' | 'replies'>;

/**
 * The job a turn queues, without what this module fills in: the conversation, the reply's id, the
 * owner, the time and the tier's priority (and a group turn's round).
 */
export type TurnJob =
  | { name: 'reply'; data: Pick<ReplyJob, 'characterId' | 'userMessageId' | 'sent'> }
  | { name: 'regenerate'; data: Pick<ReplyJob, 'characterId' | 'userMessageId'> }
  | { name: 'autopilot'; data: Pick<AutopilotJob, 'characterId' | 'afterMessageId' | 'intent'> }
  | { name: 'continue'; data: Pick<ContinueJob, 'characterId' | 'messageId'> }
  | {
      name: 'group-turn';
      data: Pick<
        GroupTurnJob,
        'groupId' | 'afterMessageId' | 'mode' | 'speakerIds' | 'skipSpeakerId'
      >;
    };

type GroupTurn = Extract<TurnJob, { name: 'group-turn' }>;

/** A job ready to queue: a group turn's with the round it starts. */
type ReadyJob =
  | Exclude<TurnJob, GroupTurn>
  | { name: 'group-turn'; data: GroupTurn['data'] & Pick<GroupTurnJob, 'round'> };

/** When the conversation is claimed for the turn's one reply or draft (server/lib/reply-state.ts). */
export type TurnClaim =
  /**
   * A send: claimed while it is checked, spending the message allowances (docs/performance.md, trap
   * 7); its reply is published only once its message is stored. A new conversation's room is joined
   * meanwhile too, its id being fresh.
   */
  | { when: 'while-checking'; allowances: readonly Allowance[]; isNewConversation: boolean }
  /**
   * Once checked, so a refusal names what is wrong (not conversation_busy) and no conversation but
   * the caller's is ever claimed; an autopilot draft claims as one.
   */
  | { when: 'once-checked'; kind: 'reply' | 'autopilot' }
  /** Next: the reply in flight is being stopped, so its group turn claims once it has ended. */
  | { when: 'by-group-turn' };

/** A kind of turn: what it checks before the claim, then what it stores, queues and answers. */
export interface Turn<C, A> {
  conversationId: string;
  claim: TurnClaim;
  /** Checks the caller may take the turn and reads what it answers; nothing is claimed yet. */
  check: () => Promise<C>;
  /** The checked turn's plan; `replyId` names the reply (or draft) the conversation is claimed for. */
  plan: (checked: C, replyId: string) => TurnPlan<A>;
}

export interface TurnPlan<A> {
  /**
   * What the turn stores, started at once: a send's message (announced once stored, which lets its
   * reply's frames out) or a regenerate's setting its old reply aside (null: nothing to announce).
   */
  store?: Promise<Message | null>;
  /**
   * Whether the job may be queued while `store` runs: a send's reply, whose worker waits for the
   * message, so the model starts sooner. Otherwise the job is queued once the store is done.
   */
  queuesWhileStoring?: boolean;
  job: TurnJob;
  /** The acknowledgement, once everything is stored and queued. */
  answer: () => A | Promise<A>;
}

export async function startTurn<C, A>(
  deps: TurnDeps,
  sender: Sender,
  turn: Turn<C, A>,
): Promise<A> {
  const { conversationId } = turn;
  const replyId = randomUUID();
  const isClaimed = turn.claim.when !== 'by-group-turn';
  const plan = turn.plan(await admit(deps, sender, turn, replyId), replyId);
  const { job } = plan;
  const ready =
    job.name === 'group-turn' ? withRound(deps, conversationId, job) : Promise.resolve(job);
  // A round that failed is thrown where the job is queued, and is not left unhandled meanwhile.
  ready.catch(() => undefined);
  const stored = plan.store ?? Promise.resolve(null);
  // The socket is in the room before the job can publish a frame, and joins only a conversation known
  // to be the caller's: checked, new, joined before, or shown by the send's insert.
  const queued = (async () => {
    if (plan.queuesWhileStoring !== true) await stored;
    await sender.join(conversationId);
    await enqueue(deps, sender, await ready, { conversationId, replyId, isClaimed });
  })();
  const published = stored.then(
    (message) => message && deps.replies.stored(conversationId, replyId, message),
  );
  const [isStored, isQueued, isPublished] = await Promise.allSettled([stored, queued, published]);
  const failed = [isStored, isQueued].find((r) => r.status === 'rejected');
  if (failed) {
    // Nothing is half-stored: the claim goes, and the job if no worker holds it yet (one that does
    // finds the claim gone and ends without a word). A message stored stays for a retry.
    await Promise.all([
      isClaimed ? deps.replies.release(conversationId, replyId) : undefined,
      isStored.status === 'rejected' && plan.queuesWhileStoring === true
        ? deps.queue.remove(replyJobId(replyId))
        : undefined,
    ]);
    throw failed.reason;
  }
  if (isPublished.status === 'rejected') throw isPublished.reason;
  return plan.answer();
}

/** Runs the turn's checks and claims the conversation as its kind does; answers what was checked. */
async function admit<C>(
  deps: TurnDeps,
  sender: Sender,
  turn: Turn<C, unknown>,
  replyId: string,
): Promise<C> {
  const { claim, conversationId } = turn;
  switch (claim.when) {
    case 'by-group-turn':
      return turn.check();
    case 'once-checked': {
      const checked = await turn.check();
      await deps.replies.claim(conversationId, replyId, { kind: claim.kind });
      return checked;
    }
    case 'while-checking':
      return admitSend(deps, sender, turn, claim, replyId);
  }
}

/**
 * A send's checks, allowances and claim, together. If any refuses, what the others took is given back
 * (the allowances, the claim, the room joined early) and the first refusal is thrown.
 */
async function admitSend<C>(
  deps: TurnDeps,
  sender: Sender,
  turn: Turn<C, unknown>,
  claim: Extract<TurnClaim, { when: 'while-checking' }>,
  replyId: string,
): Promise<C> {
  const { conversationId } = turn;
  const joinedEarly = claim.isNewConversation ? sender.join(conversationId) : undefined;
  const checks = Promise.all([turn.check(), joinedEarly]);
  const [taken, claimed, checked] = await Promise.allSettled([
    takeAllowances(deps.redis, claim.allowances),
    deps.replies.claim(conversationId, replyId, { isSending: true }),
    checks,
  ]);
  if (
    checked.status === 'fulfilled' &&
    taken.status === 'fulfilled' &&
    claimed.status === 'fulfilled'
  )
    return checked.value[0];
  await Promise.all([
    taken.status === 'fulfilled' ? refundAllowances(deps.redis, claim.allowances) : undefined,
    claimed.status === 'fulfilled' ? deps.replies.release(conversationId, replyId) : undefined,
  ]);
  if (joinedEarly) await sender.leave(conversationId).catch(() => undefined);
  const refusal = [taken, claimed, checked].find((r) => r.status === 'rejected');
  throw refusal?.reason;
}

/**
 * A group turn starts a new round as soon as the conversation is claimed for it, so a chain of bot
 * replies still going ends (server/lib/group-rounds.ts); the job carries the round.
 */
async function withRound(
  deps: TurnDeps,
  conversationId: string,
  job: GroupTurn,
): Promise<ReadyJob> {
  const round = await new GroupRounds(deps.redis, deps.prefix).next(conversationId);
  return { name: 'group-turn', data: { ...job.data, round } };
}

/** Queues the turn's job with what every job carries; a queue that refuses is service_unavailable. */
async function enqueue(
  deps: TurnDeps,
  sender: Sender,
  job: ReadyJob,
  turn: { conversationId: string; replyId: string; isClaimed: boolean },
): Promise<void> {
  const { caller } = sender;
  const { conversationId, replyId } = turn;
  const priority = replyPriority(caller);
  const filled = {
    conversationId,
    replyId,
    userId: caller.userId,
    enqueuedAt: Date.now(),
    priority,
  };
  const opts = { jobId: replyJobId(replyId), priority };
  try {
    switch (job.name) {
      case 'reply':
        // Only a reply says if its owner is a guest, for whom a new conversation's worker reads nothing.
        await deps.queue.enqueue(
          'reply',
          { ...job.data, ...filled, isGuest: caller.kind === 'guest' },
          opts,
        );
        break;
      case 'regenerate':
        await deps.queue.enqueue('regenerate', { ...job.data, ...filled }, opts);
        break;
      case 'autopilot':
        await deps.queue.enqueue('autopilot', { ...job.data, ...filled }, opts);
        break;
      case 'continue':
        await deps.queue.enqueue('continue', { ...job.data, ...filled }, opts);
        break;
      case 'group-turn':
        await deps.queue.enqueueTurn({
          ...job.data,
          conversationId,
          userId: caller.userId,
          step: 0,
          priority,
          ...(turn.isClaimed ? { claimedReplyId: replyId } : {}),
        });
        break;
    }
  } catch (err) {
    throw new AppError('service_unavailable', { cause: err });
  }
}
