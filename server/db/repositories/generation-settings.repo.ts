/** Members' inference settings (generation_settings): one row per member, absent until first saved. */
import type { InferenceSettings } from '#shared/schemas/inference-model';
import { sql } from 'kysely';
import type { Db } from '../database';
import type { OwnKeyRecord } from './own-keys.repo';

const columns = ['model_id', 'max_new_tokens', 'temperature', 'top_p', 'top_k'] as const;

function toSettings(row: {
  model_id: string | null;
  max_new_tokens: number;
  temperature: number;
  top_p: number;
  top_k: number;
}): InferenceSettings {
  return {
    modelId: row.model_id,
    maxNewTokens: row.max_new_tokens,
    temperature: row.temperature,
    topP: row.top_p,
    topK: row.top_k,
  };
}

export async function find(db: Db, userId: string): Promise<InferenceSettings | null> {
  const row = await db
    .selectFrom('generation_settings')
    .select(columns)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toSettings(row) : null;
}

export async function save(db: Db, userId: string, s: InferenceSettings): Promise<void> {
  const values = {
    model_id: s.modelId,
    max_new_tokens: s.maxNewTokens,
    temperature: s.temperature,
    top_p: s.topP,
    top_k: s.topK,
  };
  await db
    .insertInto('generation_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** What a reply needs of its conversation's owner (workers/generation/reply-owner.ts). */
export interface ReplyOwner {
  kind: 'guest' | 'member';
  role: string;
  settings: InferenceSettings | null;
  displayName: string | null;
  personaName: string | null;
  highlights: string | null;
  /** Their own OpenAI key and mode (workers/generation/own-key.ts). */
  ownKey: OwnKeyRecord;
}

/**
 * A reply's owner in one read: their tier, settings and display name, and the persona they chat as: the
 * conversation's, else `personaId`, the persona a new conversation starts with while the server is still
 * writing its row (docs/performance.md, trap 7). A query, so a reply can read more with it in one round
 * trip (reply-context.repo.ts).
 */
export function replyOwnerQuery(
  db: Db,
  ref: { userId: string; conversationId: string; personaId: string | null },
) {
  const personaId = sql<string | null>`coalesce(
    (select user_persona_id from conversations where id = ${ref.conversationId} and user_id = ${ref.userId}),
    ${ref.personaId}::uuid)`;
  return db
    .selectFrom('users as u')
    .leftJoin('generation_settings as g', 'g.user_id', 'u.id')
    .leftJoin('personas as p', (join) =>
      join.onRef('p.user_id', '=', 'u.id').on('p.id', '=', personaId),
    )
    .select([
      'u.kind',
      'u.role',
      'u.name as displayName',
      'p.name as personaName',
      'p.highlights',
      'u.openai_mode',
      'u.openai_api_key_encrypted',
      'g.model_id',
      'g.max_new_tokens',
      'g.temperature',
      'g.top_p',
      'g.top_k',
    ])
    .where('u.id', '=', ref.userId);
}

type OwnerRow = Awaited<ReturnType<ReturnType<typeof replyOwnerQuery>['executeTakeFirstOrThrow']>>;

export function toReplyOwner(row: OwnerRow): ReplyOwner {
  const { model_id, max_new_tokens, temperature, top_p, top_k } = row;
  const settings =
    max_new_tokens === null || temperature === null || top_p === null || top_k === null
      ? null
      : toSettings({ model_id, max_new_tokens, temperature, top_p, top_k });
  return {
    kind: row.kind,
    role: row.role,
    settings,
    displayName: row.displayName,
    personaName: row.personaName,
    highlights: row.highlights,
    ownKey: { mode: row.openai_mode, sealedKey: row.openai_api_key_encrypted },
  };
}

export async function replyOwnerOf(
  db: Db,
  ref: { userId: string; conversationId: string; personaId: string | null },
): Promise<ReplyOwner | undefined> {
  const row = await replyOwnerQuery(db, ref).executeTakeFirst();
  return row === undefined ? undefined : toReplyOwner(row);
}
