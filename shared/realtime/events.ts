/**
 * The socket contract (docs/style.md, "Realtime events"): one zod schema per event, from which the
 * Socket.IO maps for server and client are derived. Client→server events are commands with an
 * acknowledgement; server→client events are facts.
 */
import { z } from 'zod';
import type { AuthLevel } from '../api/endpoint';
import { AppErrorSchema } from '../errors';
import type { FeatureFlag } from '../schemas/permission';
import { autopilotIntentMaxLength } from '../rules/autopilot';
import { AutopilotDraftSchema, PendingReplySchema } from '../schemas/conversation';
import { MessageContentSchema, MessageSchema } from '../schemas/message';
import { MessageImageSchema } from '../rules/images';
import { WaitingRoomStatusSchema } from '../schemas/waiting-room';

/** Every acknowledgement is `{ ok: true, data }` or `{ ok: false, error }`. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: z.infer<typeof AppErrorSchema> };

export const ConversationRefSchema = z.object({ conversationId: z.uuid() });

/**
 * Commands: who may send each (`auth`, the levels REST contracts use; a command behind a feature flag
 * names it in `flag`, not_found while off), its payload schema and the data schema of its acknowledgement.
 */
export const clientCommands = {
  /**
   * Joins the conversation's room; answers the reply in flight, if any, and the finished autopilot
   * draft still waiting for the message box (kept until sent or discarded), if any.
   */
  'conversation:join': {
    auth: 'chat',
    payload: ConversationRefSchema,
    result: z.object({
      pending: PendingReplySchema.nullable(),
      draft: AutopilotDraftSchema.nullable(),
    }),
  },
  'conversation:leave': { auth: 'caller', payload: ConversationRefSchema, result: z.object({}) },
  /** Sends a message; a null conversationId starts a new conversation with the character. */
  'message:send': {
    auth: 'chat',
    payload: z.object({
      characterId: z.uuid(),
      conversationId: z.uuid().nullable(),
      content: MessageContentSchema,
      /** The persona a new conversation is chatted as (default: the member's default persona). */
      personaId: z.uuid().nullable().optional(),
      /**
       * A new conversation only: which of the character's greetings (GET /api/characters/:id/greetings)
       * the member chose, 0 (its own) by default; the others are kept as its alternatives.
       */
      greetingIndex: z.number().int().min(0).optional(),
      /**
       * A group chat only: who answers. `auto` lets the group choose (and Auto Response go on),
       * `pick` asks `speakerId`, `everyone` asks every member once in turn.
       */
      turn: z
        .object({ mode: z.enum(['auto', 'pick', 'everyone']), speakerId: z.uuid().optional() })
        .refine((t) => (t.mode === 'pick') === (t.speakerId !== undefined), {
          message: 'Pick names one member; the other modes name none.',
          path: ['speakerId'],
        })
        .optional(),
    }),
    result: z.object({
      conversationId: z.uuid(),
      message: MessageSchema,
      replyId: z.uuid(),
    }),
  },
  /**
   * Asks the model again for a reply to the last user message (after a failure). In a group chat
   * `speakerId` names the member whose reply failed, who answers again (the group chooses without it).
   */
  'generation:retry': {
    auth: 'chat',
    payload: ConversationRefSchema.extend({ speakerId: z.uuid().optional() }),
    result: z.object({ replyId: z.uuid() }),
  },
  /**
   * Asks again for the last reply: it becomes an alternative (browsable later) and a new reply to the
   * same user message is written; answers the new reply's id and the one set aside. In a group chat
   * the same member answers again.
   */
  'generation:regenerate': {
    auth: 'chat',
    payload: ConversationRefSchema,
    result: z.object({ replyId: z.uuid(), replacedId: z.uuid() }),
  },
  /**
   * Continue: the model goes on from the last reply where it stopped. The run streams under `replyId`
   * and ends in `generation:completed` with the continued message (its own id, longer text).
   */
  'generation:continue': {
    auth: 'chat',
    payload: ConversationRefSchema,
    result: z.object({ replyId: z.uuid(), continuedId: z.uuid() }),
  },
  /**
   * Autopilot: the model writes the user's next turn (as their persona) in answer to the last reply,
   * guided by an optional one-line intent. It streams like a reply under `draftId` (stop works the same)
   * and ends in `autopilot:completed` with the draft for the message box; nothing is stored.
   */
  'generation:autopilot': {
    auth: 'chat',
    payload: ConversationRefSchema.extend({
      intent: z
        .string()
        .max(autopilotIntentMaxLength)
        .refine((s) => !s.includes('\0') && !/[\r\n]/.test(s), 'One line of text, please.')
        .default(''),
    }),
    result: z.object({ draftId: z.uuid() }),
  },
  /** Throws away the conversation's waiting autopilot draft (Discard); a draft already gone is fine. */
  'autopilot:discard': {
    auth: 'chat',
    payload: ConversationRefSchema.extend({ draftId: z.uuid() }),
    result: z.object({}),
  },
  'generation:stop': { auth: 'chat', payload: ConversationRefSchema, result: z.object({}) },
  /** Group chats (premium): skip to another member, who answers the last message. */
  'group:next': {
    auth: 'chat',
    flag: 'groupchat',
    payload: ConversationRefSchema,
    result: z.object({}),
  },
  /**
   * The waiting-room status now; with `join` (the caller opened a chat) a caller neither waiting nor
   * holding access lines up. While waiting the socket receives `waiting-room:status` each time the line
   * moves, until access is granted.
   */
  'waiting-room:watch': {
    auth: 'chat',
    payload: z.object({ join: z.boolean().default(false) }),
    result: WaitingRoomStatusSchema,
  },
} as const;

export type ClientCommand = keyof typeof clientCommands;

/** Who may send a command and the flag it lives behind, checked by the server before its handler. */
export interface CommandPolicy {
  auth: AuthLevel;
  flag?: FeatureFlag;
}
clientCommands satisfies Record<ClientCommand, CommandPolicy>;

/** Every command name, for registering listeners. */
export const commandNames = Object.keys(clientCommands).filter((name): name is ClientCommand =>
  Object.hasOwn(clientCommands, name),
);
export type CommandPayload<E extends ClientCommand> = z.infer<
  (typeof clientCommands)[E]['payload']
>;
export type CommandResult<E extends ClientCommand> = z.infer<(typeof clientCommands)[E]['result']>;

const serverEventSchemas = {
  'message:created': z.object({ conversationId: z.uuid(), message: MessageSchema }),
  /**
   * A run of the reply begins with empty text at `seq` (0 for the first run; a run taken over after a
   * worker crash restarts from the seq the reply had reached, so clients drop the old text).
   */
  'generation:started': z.object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    seq: z.number().int().min(0),
    /** The run writes an autopilot draft for the user's message box, not a reply. */
    isAutopilot: z.boolean().optional(),
    /** In a group chat, the member who speaks. */
    speakerId: z.uuid().optional(),
  }),
  /** `seq` grows by one per delta of a reply; clients drop deltas they already hold. */
  'generation:delta': z.object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    seq: z.number().int().min(1),
    text: z.string(),
  }),
  /** Carries the whole stored message, so a lost delta costs nothing. */
  'generation:completed': z.object({
    conversationId: z.uuid(),
    message: MessageSchema,
    /** The run that wrote it, when that is not the message's own id (a Continue's). */
    replyId: z.uuid().optional(),
  }),
  /** An autopilot draft is written (or stopped part-way): the user's next turn, to edit and send. */
  'autopilot:completed': z.object({
    conversationId: z.uuid(),
    draftId: z.uuid(),
    text: z.string(),
    isStopped: z.boolean(),
  }),
  'generation:failed': z.object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    error: AppErrorSchema,
  }),
  /**
   * A bot message's image moved on: queued, drawn (its progress), done or failed (issue 26 item 2).
   * Carries the whole image state, so a lost one costs nothing.
   */
  'image:updated': z.object({ conversationId: z.uuid(), image: MessageImageSchema }),
  /** The caller's waiting-room status changed: a new position, or access granted. */
  'waiting-room:status': WaitingRoomStatusSchema,
  /**
   * The member's role or subscription changed (a purchase, a renewal, an expiry): every tab refreshes
   * its session and what it shows of the member.
   */
  'account:changed': z.object({}),
} as const;

export type ServerEvent = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEvent> = z.infer<(typeof serverEventSchemas)[E]>;

/** Facts the server pushes to a conversation's room; indexable by a generic event name. */
export const serverEvents: { [E in ServerEvent]: z.ZodType<ServerEventPayload<E>> } =
  serverEventSchemas;

/** Socket.IO map of client→server events. */
export type ClientToServerEvents = {
  [E in ClientCommand]: (payload: unknown, ack: (result: Ack<CommandResult<E>>) => void) => void;
};

/** Socket.IO map of server→client events. */
export type ServerToClientEvents = {
  [E in ServerEvent]: (payload: ServerEventPayload<E>) => void;
};

/** Where Socket.IO listens, on the app's own origin. */
export const socketPath = '/socket.io';

/** The handshake `auth` object: guests send the guest id kept in their browser, members a token. */
export const HandshakeAuthSchema = z.object({
  guestId: z.uuid().optional(),
  /** A member's access token (on a partner site, the partner's token). */
  token: z.string().optional(),
  /** The brand or partner site, as the x-application-id header names it for REST. */
  applicationId: z.string().optional(),
});
