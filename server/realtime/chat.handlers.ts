/** Chat commands over the socket: join, leave, send, retry, stop. */
import {
  enqueueReply,
  prepareRetry,
  publishFrame,
  stopReply,
  storeUserMessage,
  type ChatDeps,
} from '../services/chat.service';
import { ownedConversation } from '../services/conversations.service';
import { readInflight } from '../lib/pubsub';
import { clientCommands } from '#shared/realtime/events';
import { command } from './command';
import type { CommandHandlers } from './socket-server';

export function registerChatHandlers(deps: ChatDeps): Omit<CommandHandlers, 'waiting-room:watch'> {
  return {
    'conversation:join': command(
      clientCommands['conversation:join'],
      async (ctx, { conversationId }) => {
        await ownedConversation(deps.db, ctx.caller, conversationId);
        // Subscribe first, then read: a frame published in between is a duplicate the client drops by seq.
        await ctx.joinConversation(conversationId);
        return { pending: await readInflight(deps.redis, deps.prefix, conversationId) };
      },
    ),
    'conversation:leave': command(
      clientCommands['conversation:leave'],
      async (ctx, { conversationId }) => {
        await ctx.leaveConversation(conversationId);
        return {};
      },
    ),
    'message:send': command(clientCommands['message:send'], async (ctx, payload) => {
      const sent = await storeUserMessage(deps, ctx.caller, payload);
      // Join before the job starts so no token frame can be published to an unsubscribed server.
      await ctx.joinConversation(sent.conversationId);
      await Promise.all([
        publishFrame(deps, sent.conversationId, {
          event: 'message:created',
          payload: { conversationId: sent.conversationId, message: sent.message },
        }),
        enqueueReply(deps, sent),
      ]);
      return sent;
    }),
    'generation:retry': command(
      clientCommands['generation:retry'],
      async (ctx, { conversationId }) => {
        const pending = await prepareRetry(deps, ctx.caller, conversationId);
        await ctx.joinConversation(conversationId);
        await enqueueReply(deps, pending);
        return { replyId: pending.replyId };
      },
    ),
    'generation:stop': command(
      clientCommands['generation:stop'],
      async (ctx, { conversationId }) => {
        await stopReply(deps, ctx.caller, conversationId);
        return {};
      },
    ),
  };
}
