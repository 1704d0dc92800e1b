/**
 * Members' own OpenAI keys (product-core.md, "User profile": openai_api_key, openai_mode; issue 11,
 * item 11). disabled: the platform's model writes. enabled: the member's key, at the operator's
 * OWN_KEY_BASE_URL, writes, and its failures are theirs to see (a refused key is own_key_rejected).
 * hybrid: the member's key writes, and when their provider fails before the first word (refused key,
 * 429, 5xx, unreachable) the platform's model writes instead and the fallback is recorded.
 * The key is opened only here, sent only to the member's provider, and kept out of every log line and
 * error (an upstream error body may echo it, so it is dropped).
 */
import type { Db } from '#server/db/database';
import type * as ownKeys from '#server/db/repositories/own-keys.repo';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import { openSecret } from '#server/lib/secret-box';
import type { GenerateRequest, GenerateResult, ModelProvider } from '../providers/provider';

export interface OwnKeyDeps {
  db: Db;
  log: Logger;
  /** The platform's model. */
  provider: ModelProvider;
  /** The members' OpenAI-compatible endpoint, called with each member's key; absent: own keys are off. */
  ownKeys?: { provider: ModelProvider; model: string; secret: string } | undefined;
}

export interface RoutedResult {
  result: GenerateResult;
  /** How the text was written; null when the platform wrote it as usual. */
  route: ownKeys.ReplyRoute | null;
}

/** The member's key as their conversation's replies use it, or null for the platform's model. */
function ownKeyOf(
  deps: OwnKeyDeps,
  record: ownKeys.OwnKeyRecord | null,
  conversationId: string,
): { key: string; mode: 'enabled' | 'hybrid' } | null {
  if (deps.ownKeys === undefined) return null;
  if (record === null || record.mode === 'disabled' || record.sealedKey === null) return null;
  try {
    return { key: openSecret(deps.ownKeys.secret, record.sealedKey), mode: record.mode };
  } catch (err) {
    // Sealed under another secret: the member re-enters it; until then the platform writes.
    deps.log.warn({ conversationId, err }, 'own key cannot be opened');
    return null;
  }
}

/**
 * The member's provider's failure as the user hears it: a refused key and a rate limit get their own
 * codes; the upstream body (which may echo the key) is dropped.
 */
function ownKeyError(err: unknown): AppError {
  if (!(err instanceof AppError)) return new AppError('generation_failed');
  const status = err.details?.status;
  if (status === 401 || status === 403)
    return new AppError('own_key_rejected', { details: { status } });
  if (status === 429) return new AppError('own_key_rate_limited', { details: { status } });
  return new AppError(err.code, typeof status === 'number' ? { details: { status } } : {});
}

/** Failures that send a hybrid reply to the platform's model: the member's provider, not the request. */
function fallsBack(error: AppError): boolean {
  const status = error.details?.status;
  return (
    error.code === 'own_key_rejected' ||
    error.code === 'own_key_rate_limited' ||
    error.code === 'model_unavailable' ||
    error.code === 'model_timeout' ||
    (typeof status === 'number' && status >= 500)
  );
}

/**
 * Generates a conversation's text with the model its owner's own-key settings (read with the rest of
 * the owner: generation-settings.repo.ts, replyOwnerOf) choose.
 */
export async function generateRouted(
  deps: OwnKeyDeps,
  record: ownKeys.OwnKeyRecord | null,
  conversationId: string,
  request: GenerateRequest,
): Promise<RoutedResult> {
  const own = ownKeyOf(deps, record, conversationId);
  if (own === null || deps.ownKeys === undefined) {
    return { result: await deps.provider.generate(request), route: null };
  }
  // An object, not a `let`: the stream's callback sets it while generate() is awaited.
  const streamed = { hasText: false };
  try {
    const result = await deps.ownKeys.provider.generate({
      ...request,
      model: deps.ownKeys.model,
      apiKey: own.key,
      onText: (chunk) => {
        streamed.hasText = true;
        request.onText(chunk);
      },
    });
    return { result, route: { route: 'own_key' } };
  } catch (err) {
    const error = ownKeyError(err);
    // Once words reached the user, another model cannot carry on their text.
    if (own.mode === 'enabled' || streamed.hasText || !fallsBack(error)) throw error;
    deps.log.warn(
      { conversationId, code: error.code, status: error.details?.status },
      'own key failed; the platform model writes instead',
    );
    const result = await deps.provider.generate(request);
    return { result, route: { route: 'own_key_fallback', fallbackCode: error.code } };
  }
}
