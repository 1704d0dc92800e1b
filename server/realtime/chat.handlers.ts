/** Chat commands over the socket: join, leave, send, retry, regenerate, continue, autopilot (and discard its draft), stop, a group's Next; each one service call. */
import { clientCommands } from '#shared/realtime/events';
import { clearMissedReplies } from '../lib/missed-replies';
import { stopReply, type ChatDeps } from '../services/chat.service';
import { ownedConversation } from '../services/conversations.service';
import { startAutopilot } from '../services/turns/autopilot.turn';
import { continueReply } from '../services/turns/continue.turn';
import { nextSpeaker } from '../services/turns/group-next.turn';
import { regenerateReply } from '../services/turns/regenerate.turn';
import { retryReply } from '../services/turns/retry.turn';
import { sendMessage } from '../services/turns/send.turn';
import { command, type CommandHandlers } from './command';

export function registerChatHandlers(deps: ChatDeps): Omit<CommandHandlers, 'waiting-room:watch'> {
  return {
    'conversation:join': command(
      clientCommands['conversation:join'],
      async (ctx, { conversationId }) => {
        await ownedConversation(deps.db, ctx.caller, conversationId);
        // Subscribe first, then read: a frame published in between is a duplicate the client drops by seq.
        await ctx.joinConversation(conversationId);
        // The member sees the conversation now: no reply in it is missed (no mail about it).
        const [pending, draft] = await Promise.all([
          deps.replies.read(conversationId),
          deps.replies.readDraft(conversationId),
          clearMissedReplies(deps.redis, deps.prefix, conversationId),
        ]);
        return { pending, draft };
      },
    ),
    'conversation:leave': command(
      clientCommands['conversation:leave'],
      async (ctx, { conversationId }) => {
        await ctx.leaveConversation(conversationId);
        return {};
      },
    ),
    'message:send': command(clientCommands['message:send'], (ctx, payload) =>
      sendMessage(deps, ctx.sender, payload),
    ),
    'generation:retry': command(
      clientCommands['generation:retry'],
      (ctx, { conversationId, speakerId }) =>
        retryReply(deps, ctx.sender, conversationId, speakerId),
    ),
    'generation:regenerate': command(
      clientCommands['generation:regenerate'],
      (ctx, { conversationId }) => regenerateReply(deps, ctx.sender, conversationId),
    ),
    'generation:continue': command(
      clientCommands['generation:continue'],
      (ctx, { conversationId }) => continueReply(deps, ctx.sender, conversationId),
    ),
    'generation:autopilot': command(clientCommands['generation:autopilot'], (ctx, payload) =>
      startAutopilot(deps, ctx.sender, payload),
    ),
    'autopilot:discard': command(
      clientCommands['autopilot:discard'],
      async (ctx, { conversationId, draftId }) => {
        await ownedConversation(deps.db, ctx.caller, conversationId);
        await deps.replies.discardDraft(conversationId, draftId);
        return {};
      },
    ),
    'generation:stop': command(
      clientCommands['generation:stop'],
      async (ctx, { conversationId }) => {
        await stopReply(deps, ctx.caller, conversationId);
        return {};
      },
    ),
    'group:next': command(clientCommands['group:next'], (ctx, { conversationId }) =>
      nextSpeaker(deps, ctx.sender, conversationId),
    ),
  };
}
