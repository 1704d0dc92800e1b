/**
 * A user's message (docs/architecture.md, "The chat path", step 2): the checks, the message allowances
 * and the claim run together, and the reply's job is queued while the message is stored
 * (docs/performance.md, trap 7); a refused send counts against no allowance. A null conversationId
 * starts a new conversation, the greeting the user chose first with the others as its alternatives
 * (chat-greetings.service.ts). A group chat answers through a group turn, which
 * reads the message to choose who answers.
 */
import { randomUUID } from 'node:crypto';
import { defaultUserName, fillMacros } from '#shared/rules/macros';
import type { Message } from '#shared/schemas/message';
import * as messages from '../../db/repositories/messages.repo';
import { AppError } from '../../lib/errors';
import type { Allowance } from '../../lib/rate-limit';
import { redisKeys } from '../../lib/redis-keys';
import type { ChatDeps, Sender } from '../chat.service';
import { newChatIdentity } from '../chat-identity.service';
import { greetingsOf } from '../chat-greetings.service';
import {
  assertGroupsOn,
  availableGroup,
  speakersOf,
  type TurnRequest,
} from '../group-chat.service';
import { startTurn } from './start-turn';
import { chattableCharacter } from './turn-checks';

export interface Sent {
  conversationId: string;
  message: Message;
  replyId: string;
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

/** Stores the message (a new conversation with its greeting); answers it as stored. */
async function storeMessage(
  deps: ChatDeps,
  sent: Parameters<typeof messages.startConversation>[1],
  isNew: boolean,
): Promise<Message> {
  const stored = await (
    isNew ? messages.startConversation(deps.db, sent) : messages.appendUserMessage(deps.db, sent)
  ).catch((err: unknown) => {
    // The character went away after it was read (a foreign key the insert no longer finds).
    if (err instanceof Error && 'code' in err && err.code === '23503') {
      throw new AppError('character_not_found', { field: 'characterId', cause: err });
    }
    throw err;
  });
  if (stored === undefined) throw new AppError('conversation_not_found');
  return stored;
}

/**
 * Sends a message. Answers once the message is stored and its reply queued; the sender's socket is in
 * the room before any frame.
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
    /** A new conversation only: which of its greetings the user chose (0, the character's own). */
    greetingIndex?: number | undefined;
  },
): Promise<Sent> {
  const { caller } = sender;
  const isNew = input.conversationId === null;
  const conversationId = input.conversationId ?? randomUUID();
  if (!isNew && input.greetingIndex !== undefined) {
    throw new AppError('validation_failed', {
      field: 'greetingIndex',
      message: 'A greeting is chosen only when a conversation starts.',
    });
  }
  /** A new conversation's greetings, the chosen one's index checked; none for an existing one. */
  const greetingsFor = async (
    character: Parameters<typeof greetingsOf>[1],
    greeterId: string | null,
  ): Promise<string[]> => {
    if (!isNew) return [];
    const greetings = await greetingsOf((id) => deps.characters.card(id), character, greeterId);
    const index = input.greetingIndex ?? 0;
    if (index > 0 && index >= greetings.length) {
      throw new AppError('validation_failed', {
        field: 'greetingIndex',
        message: `This character has ${greetings.length} greetings.`,
      });
    }
    return greetings;
  };
  return startTurn(deps, sender, {
    conversationId,
    claim: {
      when: 'while-checking',
      allowances: messageAllowances(deps, sender),
      isNewConversation: isNew,
    },
    check: () =>
      Promise.all([
        // A group chat needs its members (at least the minimum) and answers through a group turn.
        chattableCharacter(deps, sender, input.characterId).then(async (c) => {
          if (c.type !== 'meta') {
            return {
              character: c,
              group: null,
              speakerIds: [],
              greetings: await greetingsFor(c, null),
            };
          }
          assertGroupsOn(sender.hasFlag);
          const fields = await availableGroup(deps.db, c);
          return {
            character: c,
            group: fields,
            speakerIds: speakersOf(fields, input.turn),
            greetings: await greetingsFor(c, fields.greetingCharacterId),
          };
        }),
        deps.waitingRoom.claimTurn(caller, input.characterId),
        isNew ? newChatIdentity(deps.db, caller, input.personaId ?? null) : null,
      ]),
    plan: ([{ character, group, speakerIds, greetings }, , identity], replyId) => {
      const message = { id: randomUUID(), content: input.content };
      const names = { char: character.name, user: identity?.userName ?? defaultUserName };
      const all = greetings.map((g) => ({ id: randomUUID(), content: fillMacros(g, names) }));
      const chosen = all[input.greetingIndex ?? 0];
      const greeting =
        chosen === undefined
          ? null
          : {
              chosenId: chosen.id,
              all,
              // A group's greeting is spoken by its greeter (greeting_character_id).
              subCharacterId: group?.greetingCharacterId ?? null,
            };
      const stored = storeMessage(
        deps,
        {
          conversationId,
          userId: caller.userId,
          characterId: character.id,
          userPersonaId: identity?.personaId ?? null,
          greeting,
          message,
        },
        isNew,
      );
      return {
        store: stored,
        // The reply's worker waits for the message (reply.processor.ts), so its job goes now unless
        // the socket may not join yet: an existing conversation not joined before is shown to be the
        // caller's by the insert.
        queuesWhileStoring: group === null && (isNew || sender.hasJoined(conversationId)),
        job:
          group === null
            ? {
                name: 'reply',
                data: {
                  characterId: character.id,
                  userMessageId: message.id,
                  // The worker builds the prompt from these without waiting for the insert.
                  sent: {
                    content: message.content,
                    start: isNew
                      ? {
                          greeting: chosen?.content ?? null,
                          personaId: identity?.personaId ?? null,
                        }
                      : undefined,
                  },
                },
              }
            : {
                name: 'group-turn',
                data: {
                  groupId: character.id,
                  afterMessageId: message.id,
                  mode: input.turn?.mode ?? 'auto',
                  speakerIds,
                },
              },
        answer: async () => {
          // The user's turn is taken: an autopilot draft still waiting for the message box is spent.
          await deps.replies.discardDraft(conversationId);
          return { conversationId, message: await stored, replyId };
        },
      };
    },
  });
}
