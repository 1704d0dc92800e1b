/**
 * What a reply reads of the database besides its history and its chatbot, in one round trip
 * (docs/performance.md, trap 7): its owner (generation-settings.repo.ts) and the conversation's memories
 * for the prompt (memories.repo.ts). The chatbot and its lorebooks come from the process's cache
 * (server/db/character-cache.ts).
 */
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../database';
import { replyOwnerQuery, toReplyOwner, type ReplyOwner } from './generation-settings.repo';
import { forPromptQuery, toPromptMemory } from './memories.repo';

export interface ReplyContext {
  /** Undefined when the owner is gone, or a guest (who has no settings, persona or key of their own). */
  owner: ReplyOwner | undefined;
  memories: { content: string; isPinned: boolean }[];
}

export async function replyContextOf(
  db: Db,
  ref: {
    userId: string;
    conversationId: string;
    /** The persona a new conversation starts with, while its row is still being written. */
    personaId: string | null;
    /** How many unpinned memories to read, newest first. */
    unpinnedMemories: number;
    /** A guest's new conversation has nothing to read: no settings, persona or key, no memories yet. */
    isGuestStart: boolean;
  },
): Promise<ReplyContext> {
  if (ref.isGuestStart) return { owner: undefined, memories: [] };
  const row = await replyOwnerQuery(db, ref)
    .select([
      jsonArrayFrom(forPromptQuery(db, ref.conversationId, ref.unpinnedMemories)).as('memories'),
    ])
    .executeTakeFirst();
  if (row === undefined) return { owner: undefined, memories: [] };
  return { owner: toReplyOwner(row), memories: row.memories.map(toPromptMemory) };
}
