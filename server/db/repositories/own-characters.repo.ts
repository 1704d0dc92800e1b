/**
 * Chatbots as their creators write them (issue 10, "Chatbot editor", "Moderation"): creating and
 * updating with tags, the creator's list, and the moderation record a review or a moderator writes.
 */
import { sql } from 'kysely';
import type { ModeratedText, ModerationStatus, StoredVisibility } from '#shared/rules/moderation';
import type { OwnCharacter, OwnCharacterSummary } from '#shared/schemas/own-character';
import type { Db } from '../database';
import {
  toOwnCharacter,
  toOwnCharacterSummary,
  type CharacterDefinition,
  type CharacterRecord,
} from '../mappers';
import { creatorUsernameOf, replaceTags, tagsOf } from './characters.repo';

/** What a save writes. */
export type CharacterWrite = CharacterDefinition &
  Pick<CharacterRecord, 'avatarIsNsfw' | 'isNsfw' | 'definitionVisible' | 'moderationStatus'> & {
    visibility: StoredVisibility;
    tags: readonly string[];
    manualReviewRequested: boolean;
    /** Whether this save is sent to review (bumps the moderation revision). */
    review: boolean;
  };

function columns(w: CharacterWrite) {
  return {
    name: w.name,
    title: w.title,
    persona: w.persona,
    scenario: w.scenario,
    greeting: w.greeting,
    dialogue: w.dialogue,
    avatar_url: w.avatarUrl,
    avatar_is_nsfw: w.avatarIsNsfw,
    is_nsfw: w.isNsfw,
    visibility: w.visibility,
    definition_visible: w.definitionVisible,
    language: w.language,
    token_count: w.tokenCount,
    moderation_status: w.moderationStatus,
    // A save starts a new moderation round: earlier reasons and actions no longer apply.
    moderation_reasons: sql<string[]>`'{}'`,
    moderation_action: null,
    manual_review_requested: w.manualReviewRequested,
  };
}

function selectOwn(db: Db) {
  return db
    .selectFrom('characters as c')
    .selectAll('c')
    .select((eb) => [tagsOf(eb.ref('c.id')), creatorUsernameOf(eb.ref('c.creator_user_id'))]);
}

/** Inserts a chatbot with its tags; answers its id and moderation revision. Call in a transaction. */
export async function insert(
  trx: Db,
  creatorUserId: string,
  w: CharacterWrite,
): Promise<{ id: string; revision: number }> {
  const row = await trx
    .insertInto('characters')
    .values({
      ...columns(w),
      creator_user_id: creatorUserId,
      moderation_revision: w.review ? 1 : 0,
    })
    .returning(['id', 'moderation_revision'])
    .executeTakeFirstOrThrow();
  await replaceTags(trx, row.id, w.tags);
  return { id: row.id, revision: row.moderation_revision };
}

/** The state a save decides on, with the row locked until the transaction ends. */
export async function lockForSave(
  trx: Db,
  id: string,
): Promise<
  | {
      creatorUserId: string | null;
      visibility: StoredVisibility;
      moderationStatus: ModerationStatus | null;
      moderationAction: string | null;
    }
  | undefined
> {
  const row = await trx
    .selectFrom('characters')
    .select(['creator_user_id', 'visibility', 'moderation_status', 'moderation_action'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      creatorUserId: row.creator_user_id,
      visibility: row.visibility,
      moderationStatus: row.moderation_status,
      moderationAction: row.moderation_action,
    }
  );
}

/** Updates a chatbot and its tags; answers its moderation revision. Call in a transaction. */
export async function update(trx: Db, id: string, w: CharacterWrite): Promise<number> {
  const row = await trx
    .updateTable('characters')
    .set({
      ...columns(w),
      updated_at: sql`now()`,
      ...(w.review ? { moderation_revision: sql<number>`moderation_revision + 1` } : {}),
    })
    .where('id', '=', id)
    .returning('moderation_revision')
    .executeTakeFirstOrThrow();
  await replaceTags(trx, id, w.tags);
  return row.moderation_revision;
}

export async function findOwn(db: Db, id: string): Promise<OwnCharacter | undefined> {
  const row = await selectOwn(db).where('c.id', '=', id).executeTakeFirst();
  return row && toOwnCharacter(row);
}

/**
 * Every chatbot (or, with type meta, every group chat) of a creator, newest first; a creator keeps a
 * few hundred at most.
 */
export async function listByCreator(
  db: Db,
  creatorUserId: string,
  type: 'standard' | 'meta' = 'standard',
): Promise<OwnCharacterSummary[]> {
  const rows = await selectOwn(db)
    .where('c.creator_user_id', '=', creatorUserId)
    .where('c.type', '=', type)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .limit(2000)
    .execute();
  return rows.map(toOwnCharacterSummary);
}

/** What a review reads: the text and whether the creator asked for a person. */
export async function findForReview(
  db: Db,
  id: string,
): Promise<
  | {
      revision: number;
      moderationStatus: ModerationStatus | null;
      manualReviewRequested: boolean;
      text: ModeratedText;
    }
  | undefined
> {
  const row = await selectOwn(db).where('c.id', '=', id).executeTakeFirst();
  return (
    row && {
      revision: row.moderation_revision,
      moderationStatus: row.moderation_status,
      manualReviewRequested: row.manual_review_requested,
      text: {
        name: row.name,
        title: row.title,
        greeting: row.greeting,
        persona: row.persona,
        scenario: row.scenario,
        dialogue: row.dialogue,
        tags: row.tags,
        isNsfw: row.is_nsfw,
        avatarIsNsfw: row.avatar_is_nsfw,
      },
    }
  );
}

/**
 * Writes a review's outcome while the reviewed revision is still current and the bot still in review;
 * answers whether it was written (a newer save or a moderator's decision wins).
 */
export async function writeReviewOutcome(
  db: Db,
  id: string,
  revision: number,
  outcome: { moderationStatus: ModerationStatus | null; reasons: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('characters')
    .set({ moderation_status: outcome.moderationStatus, moderation_reasons: outcome.reasons })
    .where('id', '=', id)
    .where('moderation_revision', '=', revision)
    .where('moderation_status', 'in', ['pending', 'rereview_required', 'manual_review_required'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Chatbots a review job should be working on, saved before `savedBefore`: pending or rereview, or a
 * manual review the model has not seen yet (no reasons); at most `limit`, oldest first.
 */
export async function listAwaitingReview(
  db: Db,
  savedBefore: Date,
  limit: number,
): Promise<{ characterId: string; revision: number }[]> {
  const rows = await db
    .selectFrom('characters')
    .select(['id', 'moderation_revision'])
    .where('moderation_status', 'in', ['pending', 'rereview_required', 'manual_review_required'])
    .where((eb) =>
      eb.or([
        eb('moderation_status', '!=', 'manual_review_required'),
        eb.and([
          eb('manual_review_requested', '=', true),
          eb(sql<number>`cardinality(moderation_reasons)`, '=', 0),
        ]),
      ]),
    )
    .where('moderation_revision', '>', 0)
    .where('updated_at', '<', savedBefore)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ characterId: r.id, revision: r.moderation_revision }));
}

/** A chatbot in the moderators' queue, with the flags the review screen shows. */
export interface ReviewRecord {
  character: OwnCharacter;
  creatorUserId: string | null;
  manualReviewRequested: boolean;
}

/** Chatbots with this status, longest waiting first (at most 200). */
export async function listByStatus(
  db: Db,
  status: 'manual_review_required' | 'fix_required',
): Promise<ReviewRecord[]> {
  const rows = await selectOwn(db)
    .where('c.moderation_status', '=', status)
    .orderBy('c.updated_at', 'asc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    character: toOwnCharacter(row),
    creatorUserId: row.creator_user_id,
    manualReviewRequested: row.manual_review_requested,
  }));
}

/**
 * A moderator's decision on a chatbot in manual review or flagged: answers false when it is in
 * neither state any more. Call in a transaction with the audit entry.
 */
export async function writeDecision(
  trx: Db,
  id: string,
  decision: { moderationStatus: 'closed' | 'fix_required'; reasons: string[]; action: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('characters')
    .set({
      moderation_status: decision.moderationStatus,
      moderation_reasons: decision.reasons,
      moderation_action: decision.action,
      manual_review_requested: false,
    })
    .where('id', '=', id)
    .where('moderation_status', 'in', ['manual_review_required', 'fix_required'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The creator of a character, for the audit trail. */
export async function creatorOf(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('characters')
    .select('creator_user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.creator_user_id ?? null;
}
