/**
 * Sending a chat message (docs/architecture.md, "The chat path", step 2): check, store the user
 * message, claim the conversation for one reply, enqueue the generation job; retry and stop too.
 * Independent checks run together and the job is queued as soon as the message is stored
 * (docs/performance.md, trap 7); a refused send counts against no allowance.
 */
import { randomUUID } from 'node:crypto';
import { replyJobId, replyPriority, type ReplyJob } from '#shared/jobs/generation';
import type { GroupTurnJob } from '#shared/jobs/group-turns';
import { defaultUserName, fillMacros } from '#shared/rules/macros';
import type { Message } from '#shared/schemas/message';
import type { FeatureFlag } from '#shared/schemas/permission';
import type { Config } from '../config';
import type { CharacterCache } from '../db/character-cache';
import type { Db } from '../db/database';
import * as messages from '../db/repositories/messages.repo';
import { AppError } from '../lib/errors';
import type { GenerationQueue } from '../lib/queues';
import { refundAllowances, takeAllowances, type Allowance } from '../lib/rate-limit';
import type { Redis } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';
import type { ReplyState } from '../lib/reply-state';
import { assertMayChatNsfw } from './age-verification/age-verification.service';
import { visibleCharacter } from './characters.service';
import { ownedConversation } from './conversations.service';
import { newChatIdentity } from './chat-identity.service';
import { assertGroupsOn, availableGroup, speakersOf, type TurnRequest } from './group-chat.service';
import { GroupRounds } from '../lib/group-rounds';
import type { Caller } from '../lib/caller';
import type { WaitingRoom } from './waiting-room.service';

export interface ChatLimits {
  /** Messages a guest may send per hour before being asked to sign up. */
  guestMessagesPerHour: number;
  /** Messages all guests of one address may send per hour, so inventing guest ids gains nothing. */
  guestMessagesPerIpPerHour: number;
  /** Messages a member may send per minute. */
  memberMessagesPerMinute: number;
}

export interface ChatDeps {
  db: Db;
  config: Config;
  redis: Redis;
  prefix: string;
  queue: GenerationQueue;
  replies: ReplyState;
  characters: CharacterCache;
  waitingRoom: WaitingRoom;
  limits: ChatLimits;
}

/** Who sends: the caller, their address, and how to put their socket in the conversation's room. */
export interface Sender {
  caller: Caller;
  ip: string;
  /** Where the sender is, by the server's own lookup (lib/country.ts). */
  country: string | undefined;
  /** Joins the conversation's room and subscribes to its frames before any can be published. */
  join: (conversationId: string) => Promise<void>;
  /** Leaves a room joined for a send that was then refused. */
  leave: (conversationId: string) => Promise<void>;
  /** Whether the socket is in the conversation's room (and so was shown to be the caller's). */
  hasJoined: (conversationId: string) => boolean;
  /** Whether a feature flag is on for the sender (their application and tier). */
  hasFlag: (flag: FeatureFlag) => boolean;
}

export interface Sent {
  conversationId: string;
  message: Message;
  replyId: string;
}

/**
 * A character the sender may see (characters.service.ts) and chat with: not waiting for a moderator,
 * and if it is NSFW, allowed to them.
 */
export async function chattableCharacter(deps: ChatDeps, sender: Sender, id: string) {
  const character = await visibleCharacter(deps.db, await deps.characters.get(id), sender.caller);
  if (character.moderationStatus === 'manual_review_required') {
    throw new AppError('character_in_manual_review');
  }
  if (character.isNsfw) await assertMayChatNsfw(deps, sender.caller, sender.country);
  return character;
}

/** The counters a message spends: guests per hour, per id and per address (the error offers Sign Up); members per minute. */
function messageAllowances(deps: ChatDeps, sender: Sender): Allowance[] {
  const keys = redisKeys(deps.prefix).rateLimit;
  const { caller } = sender;
  if (caller.kind === 'member') {
    return [
      {
        key: keys.memberMessages(caller.userId),
        limit: deps.limits.memberMessagesPerMinute,
        windowSeconds: 60,
        code: 'rate_limited',
      },
    ];
  }
  return [
    {
      key: keys.guestMessages(caller.userId),
      limit: deps.limits.guestMessagesPerHour,
      windowSeconds: 3600,
      code: 'guest_message_limit',
    },
    {
      key: keys.guestMessagesIp(sender.ip),
      limit: deps.limits.guestMessagesPerIpPerHour,
      windowSeconds: 3600,
      code: 'guest_message_limit',
    },
  ];
}

/**
 * Runs the checks of a send together. If any refuses, what the others took is given back (the claim,
 * the allowances) and the first refusal is thrown.
 */
async function admit<T>(
  deps: ChatDeps,
  claim: { conversationId: string; replyId: string },
  allowances: readonly Allowance[],
  checks: Promise<T>,
): Promise<T> {
  const [taken, claimed, checked] = await Promise.allSettled([
    takeAllowances(deps.redis, allowances),
    deps.replies.claim(claim.conversationId, claim.replyId, { isSending: true }),
    checks,
  ]);
  if (
    checked.status === 'fulfilled' &&
    taken.status === 'fulfilled' &&
    claimed.status === 'fulfilled'
  )
    return checked.value;
  await Promise.all([
    taken.status === 'fulfilled' ? refundAllowances(deps.redis, allowances) : undefined,
    claimed.status === 'fulfilled'
      ? deps.replies.release(claim.conversationId, claim.replyId)
      : undefined,
  ]);
  const refusal = [taken, claimed, checked].find((r) => r.status === 'rejected');
  throw refusal?.reason;
}

/** Enqueues the reply job; on failure the claim is released and the stored message stays for a retry. */
async function enqueueReply(
  deps: ChatDeps,
  caller: Caller,
  reply: Omit<ReplyJob, 'userId' | 'isGuest' | 'enqueuedAt' | 'priority'>,
): Promise<void> {
  const priority = replyPriority(caller);
  try {
    await deps.queue.enqueue(
      'reply',
      {
        ...reply,
        userId: caller.userId,
        isGuest: caller.kind === 'guest',
        enqueuedAt: Date.now(),
        priority,
      },
      { jobId: replyJobId(reply.replyId), priority },
    );
  } catch (err) {
    await deps.replies.release(reply.conversationId, reply.replyId);
    throw new AppError('service_unavailable', { cause: err });
  }
}

/** Enqueues a group chat's first turn after a send; on failure the claim is released (as a reply's). */
async function enqueueTurn(
  deps: ChatDeps,
  caller: Caller,
  turn: Omit<GroupTurnJob, 'userId' | 'priority' | 'step'> & { claimedReplyId: string },
): Promise<void> {
  try {
    await deps.queue.enqueueTurn({
      ...turn,
      userId: caller.userId,
      step: 0,
      priority: replyPriority(caller),
    });
  } catch (err) {
    await deps.replies.release(turn.conversationId, turn.claimedReplyId);
    throw new AppError('service_unavailable', { cause: err });
  }
}

/**
 * Sends a message: a null conversationId starts a new conversation (its greeting first). Answers once
 * the message is stored and its reply queued; the sender's socket is in the room before any frame.
 */
export async function sendMessage(
  deps: ChatDeps,
  sender: Sender,
  input: {
    characterId: string;
    conversationId: string | null;
    content: string;
    personaId?: string | null | undefined;
    /** A group chat only: who answers (group-chat.service.ts). */
    turn?: TurnRequest | undefined;
  },
): Promise<Sent> {
  const { caller } = sender;
  const isNew = input.conversationId === null;
  const conversationId = input.conversationId ?? randomUUID();
  const replyId = randomUUID();
  const allowances = messageAllowances(deps, sender);
  // A new conversation's id is fresh, so its room is joined while the checks run (left if refused).
  const joinedEarly = isNew ? sender.join(conversationId) : undefined;
  const [{ character, group, speakerIds }, , identity] = await admit(
    deps,
    { conversationId, replyId },
    allowances,
    Promise.all([
      // A group chat needs its members (at least the minimum) and answers through a group turn.
      chattableCharacter(deps, sender, input.characterId).then(async (c) => {
        if (c.type !== 'meta') return { character: c, group: null, speakerIds: [] };
        assertGroupsOn(sender.hasFlag);
        const fields = await availableGroup(deps.db, c);
        return { character: c, group: fields, speakerIds: speakersOf(fields, input.turn) };
      }),
      deps.waitingRoom.claimTurn(caller, input.characterId),
      isNew ? newChatIdentity(deps.db, caller, input.personaId ?? null) : null,
      joinedEarly,
    ]),
  ).catch(async (err: unknown) => {
    if (joinedEarly) await sender.leave(conversationId).catch(() => undefined);
    throw err;
  });

  const messageInput = { id: randomUUID(), content: input.content };
  const greeting =
    !isNew || character.greeting.trim() === ''
      ? null
      : {
          id: randomUUID(),
          content: fillMacros(character.greeting, {
            char: character.name,
            user: identity?.userName ?? defaultUserName,
          }),
          // A group's greeting is spoken by its greeter (greeting_character_id).
          subCharacterId: group?.greetingCharacterId ?? null,
        };
  const stored = (
    isNew
      ? messages.startConversation(deps.db, {
          conversationId,
          userId: caller.userId,
          characterId: character.id,
          userPersonaId: identity?.personaId ?? null,
          greeting,
          message: messageInput,
        })
      : messages.appendUserMessage(deps.db, {
          conversationId,
          userId: caller.userId,
          characterId: character.id,
          message: messageInput,
        })
  ).then(
    (message) => {
      if (message === undefined) throw new AppError('conversation_not_found');
      return message;
    },
    (err: unknown) => {
      // The character went away after it was read (a foreign key the insert no longer finds).
      if (err instanceof Error && 'code' in err && err.code === '23503') {
        throw new AppError('character_not_found', { field: 'characterId', cause: err });
      }
      throw err;
    },
  );
  // The job is queued while the message is stored (the worker waits for it: reply.processor.ts),
  // once the socket is in the room, so no frame is missed. A room is joined only once the
  // conversation is known to be the caller's: new, joined before, or shown by the insert.
  // A user's message starts a new round of a group chat: any chain of bot replies ends.
  const round = group ? new GroupRounds(deps.redis, deps.prefix).next(conversationId) : null;
  const queued = (async () => {
    if (group && round) {
      // The turn reads the message to choose who answers it, so it is queued once the message is stored.
      await stored;
      await sender.join(conversationId);
      await enqueueTurn(deps, caller, {
        conversationId,
        groupId: character.id,
        afterMessageId: messageInput.id,
        round: await round,
        speakerIds,
        mode: input.turn?.mode ?? 'auto',
        claimedReplyId: replyId,
      });
      return;
    }
    if (!isNew && !sender.hasJoined(conversationId)) await stored;
    await sender.join(conversationId);
    await enqueueReply(deps, caller, {
      conversationId,
      characterId: character.id,
      userMessageId: messageInput.id,
      replyId,
      sent: {
        content: messageInput.content,
        start: isNew
          ? { greeting: greeting?.content ?? null, personaId: identity?.personaId ?? null }
          : undefined,
      },
    });
  })();
  // Tells the room, and lets the reply's frames out (reply-state.ts: nothing of it goes before this).
  const published = stored.then((message) => deps.replies.stored(conversationId, replyId, message));
  const [message, isQueued, isPublished] = await Promise.allSettled([stored, queued, published]);
  if (message.status === 'rejected') {
    // Nothing is half-stored: the claim goes, and the job if no worker holds it yet (one that does
    // finds the claim gone and ends without a word).
    await Promise.all([
      deps.replies.release(conversationId, replyId),
      deps.queue.remove(replyJobId(replyId)),
    ]);
    throw message.reason;
  }
  // The message is stored: a failure to queue its reply leaves it for a retry (enqueueReply).
  if (isQueued.status === 'rejected') throw isQueued.reason;
  if (isPublished.status === 'rejected') throw isPublished.reason;
  // The user's turn is taken: an autopilot draft still waiting for the message box is spent.
  await deps.replies.discardDraft(conversationId);
  return { conversationId, message: message.value, replyId };
}

/** Who answers a group chat's turn asked for again: the member named, else the group's choice. */
export type GroupRedo = Pick<GroupTurnJob, 'mode' | 'speakerIds'>;

/**
 * Checks a group chat's retry or regenerate before the conversation is claimed: the groupchat flag and
 * enough members. The member named (the one whose reply is asked for again) answers while it is still
 * in the group; otherwise the turn chooses as it does after a message.
 */
export async function groupRedoOf(
  deps: ChatDeps,
  sender: Sender,
  group: { id: string; greetingCharacterId: string | null },
  speakerId: string | null | undefined,
): Promise<GroupRedo> {
  assertGroupsOn(sender.hasFlag);
  const { members } = await availableGroup(deps.db, group);
  return speakerId != null && members.some((m) => m.id === speakerId)
    ? { mode: 'pick', speakerIds: [speakerId] }
    : { mode: 'auto', speakerIds: [] };
}

/**
 * Queues a group chat's retry or regenerate, once the conversation is claimed for `replyId`: the
 * member's turn again, in its own voice, streamed and labelled like any group reply. It is a turn of a
 * new round answering `afterMessageId`, so a chain still in flight ends first.
 */
export async function enqueueGroupRedo(
  deps: ChatDeps,
  caller: Caller,
  redo: GroupRedo & {
    conversationId: string;
    groupId: string;
    afterMessageId: string;
    replyId: string;
  },
): Promise<void> {
  const round = await new GroupRounds(deps.redis, deps.prefix).next(redo.conversationId);
  await enqueueTurn(deps, caller, {
    conversationId: redo.conversationId,
    groupId: redo.groupId,
    afterMessageId: redo.afterMessageId,
    round,
    mode: redo.mode,
    speakerIds: redo.speakerIds,
    claimedReplyId: redo.replyId,
  });
}

/**
 * Asks for a new reply to the last user message when the earlier one failed. In a group chat the
 * member whose reply failed (`speakerId`, as the client saw it start) answers again, and a reply of a
 * round that failed after another member's line answers that line.
 */
export async function retryReply(
  deps: ChatDeps,
  sender: Sender,
  conversationId: string,
  speakerId?: string,
): Promise<{ replyId: string }> {
  const { caller } = sender;
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  const head = conversation.lastMessageId
    ? await messages.findById(deps.db, conversation.lastMessageId)
    : undefined;
  const character = await chattableCharacter(deps, sender, conversation.characterId);
  const group = character.type === 'meta' ? character : null;
  // A group's round may fail after a member's line; a chatbot's reply only ever answers the user.
  const isAnswerable = head?.role === 'user' || (group !== null && head?.prevId != null);
  if (head === undefined || !isAnswerable) throw new AppError('nothing_to_retry');
  const redo = group === null ? null : await groupRedoOf(deps, sender, group, speakerId);
  await deps.waitingRoom.claimTurn(caller, conversation.characterId);
  const replyId = randomUUID();
  await deps.replies.claim(conversationId, replyId);
  await sender.join(conversationId);
  if (redo !== null) {
    await enqueueGroupRedo(deps, caller, {
      ...redo,
      conversationId,
      groupId: conversation.characterId,
      afterMessageId: head.id,
      replyId,
    });
  } else {
    await enqueueReply(deps, caller, {
      conversationId,
      characterId: conversation.characterId,
      userMessageId: head.id,
      replyId,
    });
  }
  return { replyId };
}

/** Asks the worker writing the reply to stop; it keeps the text written so far. */
export async function stopReply(
  deps: ChatDeps,
  caller: Caller,
  conversationId: string,
): Promise<void> {
  await ownedConversation(deps.db, caller, conversationId);
  // Stop also ends a group chat's chain of replies: no later turn of this round runs.
  await Promise.all([
    deps.replies.requestStop(conversationId),
    new GroupRounds(deps.redis, deps.prefix).next(conversationId),
  ]);
}
