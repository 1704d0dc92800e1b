/**
 * Test and benchmark data (tests/support/factories.ts, scripts/bench/long-chat.ts): a long conversation
 * written straight through the repositories.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import * as conversations from '../../db/repositories/conversations.repo';
import * as messages from '../../db/repositories/messages.repo';

/**
 * A conversation of `userId` with `count` messages on one branch, alternating user and bot, a second
 * apart and oldest first; message `i` reads `Message <i>`. Answers the conversation and message ids.
 */
export async function createLongConversation(
  db: Db,
  input: { userId: string; characterId: string; count: number },
): Promise<{ conversationId: string; messageIds: string[] }> {
  const start = Date.now() - input.count * 1000;
  const ids = Array.from({ length: input.count }, () => randomUUID());
  return db.transaction().execute(async (trx) => {
    const conversation = await conversations.createTitled(trx, {
      userId: input.userId,
      characterId: input.characterId,
      label: null,
    });
    await messages.insertMany(
      trx,
      ids.map((id, i) => ({
        id,
        conversation_id: conversation.id,
        prev_id: ids[i - 1] ?? null,
        role: i % 2 === 0 ? ('user' as const) : ('bot' as const),
        content: `Message ${String(i)}`,
        created_at: new Date(start + i * 1000),
      })),
    );
    await conversations.setHead(trx, {
      id: conversation.id,
      lastMessageId: ids.at(-1) ?? null,
      messageCount: input.count,
    });
    return { conversationId: conversation.id, messageIds: ids };
  });
}
