/**
 * The `group-turn` job (issue 12 §8; docs/architecture.md, "Queues"): chooses the member who answers
 * the newest message of a group chat and queues that member's reply on `generation`. A turn of an
 * older round (the user spoke, stopped, pressed Next or switched Auto Response off since) is dropped,
 * and the conversation is claimed for one reply at a time, so two workers never write two turns.
 * A reply that chains its round's next turn takes it here directly (`takeTurn`), from what it has
 * read already, without a job and its reads in between (issue 12 §9).
 */
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { replyJobId, ReplyJobSchema } from '#shared/jobs/generation';
import type { GroupTurnJob } from '#shared/jobs/group-turns';
import { chooseSpeaker, groupActivityWindow } from '#shared/rules/group-turns';
import type { CharacterCache } from '#server/db/character-cache';
import type { Db } from '#server/db/database';
import * as groups from '#server/db/repositories/groups.repo';
import type { GroupMember } from '#shared/schemas/group';
import * as messages from '#server/db/repositories/messages.repo';
import { AppError } from '#server/lib/errors';
import type { GroupRounds } from '#server/lib/group-rounds';
import type { Logger } from '#server/lib/log';
import type { ReplyState } from '#server/lib/reply-state';
import { enqueue } from '#server/lib/queues';

export interface GroupTurnDeps {
  db: Db;
  replies: ReplyState;
  rounds: GroupRounds;
  characters: CharacterCache;
  generation: Queue;
  log: Logger;
}

/** How long a turn waits for a reply being stopped (Next pressed mid-reply) to free the chat. */
const claimWaitMs = 5_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Claims the conversation for the turn's reply, waiting while a stopped reply ends; null if the round moved on. */
async function claimFor(deps: GroupTurnDeps, job: GroupTurnJob): Promise<string | null> {
  if (job.claimedReplyId !== undefined) return job.claimedReplyId;
  const replyId = randomUUID();
  const deadline = Date.now() + claimWaitMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      await deps.replies.claim(job.conversationId, replyId);
      return replyId;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'conversation_busy') throw err;
    }
    if (job.mode !== 'next' || Date.now() > deadline) return null;
    await sleep(wait);
    if ((await deps.rounds.current(job.conversationId)) !== job.round) return null;
  }
}

/** What a turn is chosen from: the round now, the group, its members, and the branch it answers. */
export interface TurnState {
  round: number;
  group: { type: string; greetingCharacterId: string | null } | undefined;
  members: readonly GroupMember[];
  /** The newest messages, oldest first, ending with the one the turn answers. */
  branch: readonly {
    id: string | null;
    role: 'user' | 'bot';
    content: string;
    subCharacterId: string | null;
  }[];
}

export async function processGroupTurn(deps: GroupTurnDeps, job: GroupTurnJob): Promise<void> {
  const [round, group, branch, memberLists] = await Promise.all([
    deps.rounds.current(job.conversationId),
    deps.characters.get(job.groupId),
    messages.branchEndingAt(deps.db, job.afterMessageId, groupActivityWindow),
    groups.membersOf(deps.db, [job.groupId]),
  ]);
  await takeTurn(deps, job, { round, group, branch, members: memberLists.get(job.groupId) ?? [] });
}

/** Chooses the member who answers and queues its reply, unless the round moved on. */
export async function takeTurn(
  deps: GroupTurnDeps,
  job: GroupTurnJob,
  { round, group, branch, members }: TurnState,
): Promise<void> {
  const drop = async () => {
    if (job.claimedReplyId !== undefined) {
      await deps.replies.release(job.conversationId, job.claimedReplyId);
    }
  };
  const after = branch.at(-1);
  // A newer round began (the user spoke or stopped), or the group can no longer talk.
  if (round !== job.round || group?.type !== 'meta' || after?.id == null || members.length < 2) {
    await drop();
    return;
  }
  const [asked, ...nextSpeakerIds] = job.speakerIds;
  const speaker =
    asked !== undefined
      ? members.find((m) => m.id === asked)
      : chooseSpeaker({
          members: members.filter((m) => m.id !== job.skipSpeakerId),
          greeterId: group.greetingCharacterId,
          text: after.content,
          authorId: after.role === 'bot' ? after.subCharacterId : null,
          recentSpeakers: branch.filter((m) => m.role === 'bot').map((m) => m.subCharacterId),
        });
  if (!speaker) {
    await drop();
    return;
  }
  const replyId = await claimFor(deps, job);
  if (replyId === null) return;
  const data = ReplyJobSchema.parse({
    conversationId: job.conversationId,
    characterId: job.groupId,
    userId: job.userId,
    userMessageId: after.id,
    replyId,
    enqueuedAt: Date.now(),
    priority: job.priority,
    group: {
      speakerId: speaker.id,
      round: job.round,
      step: job.step,
      mode: job.mode,
      nextSpeakerIds: nextSpeakerIds.filter((id) => members.some((m) => m.id === id)),
    },
  });
  try {
    await enqueue(deps.generation, 'reply', data, {
      jobId: replyJobId(replyId),
      priority: job.priority,
    });
  } catch (err) {
    await deps.replies.release(job.conversationId, replyId);
    throw err;
  }
}
