/**
 * Sending a chat message (docs/architecture.md, "The chat path", step 2): check, store the user
 * message, claim the conversation for one reply, enqueue the generation job. Retry and stop too.
 */
import { randomUUID } from 'node:crypto';
import { replyJobId, replyPriority } from '#shared/jobs/generation';
import type { ControlMessage, ConversationFrame } from '#shared/realtime/frames';
import { defaultUserName, fillMacros } from '#shared/rules/macros';
import type { Message } from '#shared/schemas/message';
import type { Db } from '../db/database';
import { toMessage } from '../db/mappers';
import * as characters from '../db/repositories/characters.repo';
import * as conversations from '../db/repositories/conversations.repo';
import * as messages from '../db/repositories/messages.repo';
import type { ConversationRow } from '../db/tables';
import { AppError } from '../lib/errors';
import type { GenerationQueue } from '../lib/queues';
import { hitRateLimit } from '../lib/rate-limit';
import type { Redis } from '../lib/redis';
import { ownedConversation } from './conversations.service';
import type { Caller } from './identity.service';
import type { WaitingRoom } from './waiting-room.service';
import { redisKeys } from '../lib/redis-keys';

export interface ChatDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  queue: GenerationQueue;
  /** Messages a guest may send per hour before being asked to sign up. */
  guestMessagesPerHour: number;
  /** Messages a member may send per minute. */
  memberMessagesPerMinute: number;
  waitingRoom: WaitingRoom;
}

/** A claimed conversation expires if its worker never releases it (a crashed process). */
const claimSeconds = 600;

/** A stored user message whose reply is claimed but not yet enqueued. */
export interface PendingSend {
  conversationId: string;
  message: Message;
  replyId: string;
  /** Queue priority by the caller's tier (shared/jobs/generation.ts). */
  priority: number;
}

/** Characters a caller may chat with: public and unlisted ones, and their own. */
async function chattableCharacter(db: Db, caller: Caller, id: string) {
  const character = await characters.findById(db, id);
  const isOwn = character?.creator_user_id === caller.userId;
  if (
    !character ||
    !(character.visibility === 'public' || character.visibility === 'hidden' || isOwn)
  ) {
    throw new AppError('character_not_found', { field: 'characterId' });
  }
  // Guests cannot send to an NSFW character: the client answers with a sign-up prompt.
  if (character.is_nsfw && caller.kind === 'guest') throw new AppError('sign_up_required');
  return character;
}

/** Per-caller message limits: guests per hour (the error offers Sign Up), members per minute. */
async function limitMessages(deps: ChatDeps, caller: Caller): Promise<void> {
  if (caller.kind === 'guest') {
    const key = redisKeys(deps.prefix).rateLimit.guestMessages(caller.userId);
    await hitRateLimit(deps.redis, key, deps.guestMessagesPerHour, 3600, 'guest_message_limit');
  } else {
    const key = redisKeys(deps.prefix).rateLimit.memberMessages(caller.userId);
    await hitRateLimit(deps.redis, key, deps.memberMessagesPerMinute, 60);
  }
}

/** Claims the conversation for one reply; a second claim while one is in flight fails. */
async function claim(deps: ChatDeps, conversationId: string, replyId: string): Promise<void> {
  const key = redisKeys(deps.prefix).inflight(conversationId);
  const [[, claimed] = []] =
    (await deps.redis
      .multi()
      .hsetnx(key, 'replyId', replyId)
      .expire(key, claimSeconds, 'NX')
      .exec()) ?? [];
  if (claimed !== 1) throw new AppError('conversation_busy');
}

async function release(deps: ChatDeps, conversationId: string, replyId: string): Promise<void> {
  const key = redisKeys(deps.prefix).inflight(conversationId);
  if ((await deps.redis.hget(key, 'replyId')) === replyId) await deps.redis.del(key);
}

/** Creates a conversation whose first message is the character's greeting. */
async function startConversation(
  db: Db,
  caller: Caller,
  character: { id: string; name: string; greeting: string },
): Promise<ConversationRow> {
  const greeting =
    character.greeting.trim() === ''
      ? null
      : {
          id: randomUUID(),
          content: fillMacros(character.greeting, { char: character.name, user: defaultUserName }),
        };
  return conversations.createWithGreeting(db, {
    id: randomUUID(),
    userId: caller.userId,
    characterId: character.id,
    greeting,
  });
}

/** Stores the user's message and claims the conversation; `enqueueReply` then starts the reply. */
export async function storeUserMessage(
  deps: ChatDeps,
  caller: Caller,
  input: { characterId: string; conversationId: string | null; content: string },
): Promise<PendingSend> {
  await limitMessages(deps, caller);
  const character = await chattableCharacter(deps.db, caller, input.characterId);
  await deps.waitingRoom.assertMayGenerate(caller, character.id);
  let conversation: ConversationRow;
  if (input.conversationId === null) {
    conversation = await startConversation(deps.db, caller, character);
  } else {
    conversation = await ownedConversation(deps.db, caller, input.conversationId);
    if (conversation.character_id !== character.id) {
      throw new AppError('validation_failed', {
        field: 'conversationId',
        message: 'This conversation is with another character.',
      });
    }
  }
  const replyId = randomUUID();
  await claim(deps, conversation.id, replyId);
  try {
    const message = await messages.append(
      deps.db,
      {
        id: randomUUID(),
        conversation_id: conversation.id,
        prev_id: conversation.last_message_id,
        role: 'user',
        content: input.content,
      },
      character.id,
    );
    if (!message) throw new AppError('internal');
    return {
      conversationId: conversation.id,
      message: toMessage(message),
      replyId,
      priority: replyPriority(caller),
    };
  } catch (err) {
    await release(deps, conversation.id, replyId);
    throw err;
  }
}

/** Enqueues the reply job; on failure the claim is released and the stored message stays for a retry. */
export async function enqueueReply(deps: ChatDeps, sent: PendingSend): Promise<void> {
  try {
    await deps.queue.enqueue(
      'reply',
      {
        conversationId: sent.conversationId,
        userMessageId: sent.message.id,
        replyId: sent.replyId,
        enqueuedAt: Date.now(),
        priority: sent.priority,
      },
      { jobId: replyJobId(sent.replyId), priority: sent.priority },
    );
  } catch (err) {
    await release(deps, sent.conversationId, sent.replyId);
    throw new AppError('service_unavailable', { cause: err });
  }
}

/** Tells every socket of the conversation (on any server) about a new message. */
export async function publishFrame(
  deps: ChatDeps,
  conversationId: string,
  frame: ConversationFrame,
): Promise<void> {
  await deps.redis.publish(
    redisKeys(deps.prefix).conversationChannel(conversationId),
    JSON.stringify(frame),
  );
}

/** Prepares a new reply to the last user message when the earlier one failed or was stopped empty. */
export async function prepareRetry(
  deps: ChatDeps,
  caller: Caller,
  conversationId: string,
): Promise<PendingSend> {
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  const head = conversation.last_message_id
    ? await messages.findById(deps.db, conversation.last_message_id)
    : undefined;
  if (head?.role !== 'user') throw new AppError('nothing_to_retry');
  await deps.waitingRoom.assertMayGenerate(caller, conversation.character_id);
  const replyId = randomUUID();
  await claim(deps, conversationId, replyId);
  return { conversationId, message: toMessage(head), replyId, priority: replyPriority(caller) };
}

/** Asks the worker writing the reply to stop; it keeps the text written so far. */
export async function stopReply(
  deps: ChatDeps,
  caller: Caller,
  conversationId: string,
): Promise<void> {
  await ownedConversation(deps.db, caller, conversationId);
  const replyId = await deps.redis.hget(redisKeys(deps.prefix).inflight(conversationId), 'replyId');
  if (replyId === null) return;
  const control: ControlMessage = { type: 'stop', replyId };
  await deps.redis
    .multi()
    .set(redisKeys(deps.prefix).stop(replyId), '1', 'EX', claimSeconds)
    .publish(redisKeys(deps.prefix).controlChannel, JSON.stringify(control))
    .exec();
}
