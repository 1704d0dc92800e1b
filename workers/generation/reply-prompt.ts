/**
 * Keeps the prompt a reply was written from, for the context meter and the bot's creator. Stored before
 * the reply is announced, so a meter read on `generation:completed` finds it; a failure here is logged
 * and never fails the reply.
 */
import type { Db } from '#server/db/database';
import type { Logger } from '#server/lib/log';
import * as replyPrompts from '#server/db/repositories/reply-prompts.repo';
import type { BuiltPrompt } from './prompt/build-prompt';
import type { ReplySettings } from './reply-settings';

export async function keepReplyPrompt(
  deps: { db: Db; log: Logger },
  reply: { conversationId: string; replyId: string },
  settings: ReplySettings,
  prompt: BuiltPrompt,
): Promise<void> {
  try {
    await replyPrompts.save(deps.db, {
      messageId: reply.replyId,
      conversationId: reply.conversationId,
      modelId: settings.model.id,
      contextTokens: settings.contextSize,
      messages: prompt.messages,
      report: prompt.report,
    });
  } catch (err) {
    deps.log.warn({ err, replyId: reply.replyId }, 'reply prompt not kept');
  }
}
