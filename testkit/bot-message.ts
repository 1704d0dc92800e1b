/** A bot message to read aloud, for the speech tests and benchmark (issue 26 item 1). */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';
import * as messages from '#server/db/repositories/messages.repo';

export interface BotMessageRef {
  conversationId: string;
  messageId: string;
  /** The path that reads it aloud (GET, premium). */
  speechPath: string;
}

/** A new conversation of `userId` whose greeting, a bot message, says `text`. */
export async function createBotMessage(
  db: Db,
  input: { userId: string; characterId: string; text: string },
): Promise<BotMessageRef> {
  const conversationId = randomUUID();
  const messageId = randomUUID();
  await messages.startConversation(db, {
    conversationId,
    userId: input.userId,
    characterId: input.characterId,
    userPersonaId: null,
    greeting: { chosenId: messageId, all: [{ id: messageId, content: input.text }] },
    message: { id: randomUUID(), content: 'Hello' },
  });
  return {
    conversationId,
    messageId,
    speechPath: `/api/conversations/${conversationId}/messages/${messageId}/speech`,
  };
}
