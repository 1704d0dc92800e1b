/**
 * Chatting (docs/architecture.md, "The chat path"): what the chat's socket commands are handed, who
 * sends, and Stop. Starting a turn (a message, retry, regenerate, autopilot, a group's Next) is
 * services/turns/.
 */
import type { FeatureFlag } from '#shared/schemas/permission';
import type { Config } from '../config';
import type { CharacterCache } from '../db/character-cache';
import type { Db } from '../db/database';
import type { Caller } from '../lib/caller';
import { GroupRounds } from '../lib/group-rounds';
import type { GenerationQueue } from '../lib/queues';
import type { Redis } from '../lib/redis';
import type { ReplyState } from '../lib/reply-state';
import { ownedConversation } from './conversations.service';
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
