/**
 * What a reply reads of the database besides its history, in one round trip (docs/performance.md, trap
 * 7): its owner (generation-settings.repo.ts), the conversation's memories for the prompt
 * (memories.repo.ts) and the lorebooks its chatbot carries (lorebooks.repo.ts).
 */
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { ScanBook } from '#shared/rules/lore-scan';
import type { Db } from '../database';
import { replyOwnerQuery, toReplyOwner, type ReplyOwner } from './generation-settings.repo';
import { scanRowsQuery, toScanBooks } from './lorebooks.repo';
import { forPromptQuery, toPromptMemory } from './memories.repo';

export interface ReplyContext {
  /** Undefined when the owner is gone. */
  owner: ReplyOwner | undefined;
  memories: { content: string; isPinned: boolean }[];
  books: ScanBook[];
}

export async function replyContextOf(
  db: Db,
  ref: {
    userId: string;
    conversationId: string;
    /** The persona a new conversation starts with, while its row is still being written. */
    personaId: string | null;
    characterId: string;
    /** How many unpinned memories to read, newest first. */
    unpinnedMemories: number;
  },
): Promise<ReplyContext> {
  const row = await replyOwnerQuery(db, ref)
    .select([
      jsonArrayFrom(forPromptQuery(db, ref.conversationId, ref.unpinnedMemories)).as('memories'),
      jsonArrayFrom(scanRowsQuery(db, ref.characterId)).as('loreRows'),
    ])
    .executeTakeFirst();
  if (row === undefined) return { owner: undefined, memories: [], books: [] };
  return {
    owner: toReplyOwner(row),
    memories: row.memories.map(toPromptMemory),
    books: toScanBooks(row.loreRows),
  };
}
