/** Members' inference settings (generation_settings): one row per member, absent until first saved. */
import type { InferenceSettings } from '#shared/schemas/inference-model';
import type { Db } from '../database';

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

/** Who owns a conversation and their settings, as a reply needs them: one read. */
export async function ofConversation(
  db: Db,
  conversationId: string,
): Promise<{ kind: 'guest' | 'member'; role: string; settings: InferenceSettings | null } | null> {
  const row = await db
    .selectFrom('conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('generation_settings as g', 'g.user_id', 'c.user_id')
    .select([
      'u.kind',
      'u.role',
      'g.model_id',
      'g.max_new_tokens',
      'g.temperature',
      'g.top_p',
      'g.top_k',
    ])
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
  if (!row) return null;
  const { kind, role, model_id, max_new_tokens, temperature, top_p, top_k } = row;
  const settings =
    max_new_tokens === null || temperature === null || top_p === null || top_k === null
      ? null
      : toSettings({ model_id, max_new_tokens, temperature, top_p, top_k });
  return { kind, role, settings };
}
