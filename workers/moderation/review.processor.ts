/**
 * The `review-character` job (issue 10, "Moderation"): the rules first (shared/rules/moderation.ts),
 * then the model's verdict through the same provider interface as generation, and the outcome written
 * only while the reviewed save is still the current one. A model failure is thrown, so the queue retries
 * with backoff; the bot stays in review meanwhile, and a review that fails for good goes to a moderator
 * (reviewGaveUp).
 */
import type { ReviewCharacterJob } from '#shared/jobs/moderation';
import {
  moderationOutcome,
  ruleFailures,
  type ModeratedText,
  type ModerationVerdict,
} from '#shared/rules/moderation';
import type { Db } from '#server/db/database';
import * as own from '#server/db/repositories/own-characters.repo';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import type { ModelProvider } from '../providers/provider';
import { parseVerdict, verdictPrompt } from './verdict';

export interface ReviewDeps {
  db: Db;
  provider: ModelProvider;
  log: Logger;
  /** Longest the model may take for one verdict. */
  timeoutMs: number;
}

/** Enough for the verdict line with a few reasons. */
const verdictMaxTokens = 96;

async function modelVerdict(deps: ReviewDeps, text: ModeratedText): Promise<ModerationVerdict> {
  const result = await deps.provider.generate({
    messages: verdictPrompt(text),
    maxTokens: verdictMaxTokens,
    temperature: 0,
    signal: AbortSignal.timeout(deps.timeoutMs),
    onText: () => undefined,
  });
  if (result.stopReason === 'abort') throw new AppError('model_timeout');
  return parseVerdict(result.text);
}

export async function reviewCharacter(deps: ReviewDeps, job: ReviewCharacterJob): Promise<void> {
  const found = await own.findForReview(deps.db, job.characterId);
  // Deleted, saved again since, or already decided by a moderator: this review has nothing to do.
  if (found?.revision !== job.revision) return;
  const failures = ruleFailures(found.text);
  const verdict: ModerationVerdict =
    failures.length > 0
      ? { kind: 'fail', reasons: failures }
      : await modelVerdict(deps, found.text);
  const outcome = moderationOutcome(verdict, found.manualReviewRequested);
  const written = await own.writeReviewOutcome(deps.db, job.characterId, job.revision, outcome);
  deps.log.info(
    { characterId: job.characterId, revision: job.revision, verdict: verdict.kind, written },
    'character reviewed',
  );
}

/** A review the queue gave up on (the model down through every retry): a moderator decides. */
export async function reviewGaveUp(deps: ReviewDeps, job: ReviewCharacterJob): Promise<void> {
  const found = await own.findForReview(deps.db, job.characterId);
  if (found?.revision !== job.revision) return;
  await own.writeReviewOutcome(
    deps.db,
    job.characterId,
    job.revision,
    moderationOutcome({ kind: 'unparseable' }, found.manualReviewRequested),
  );
  deps.log.warn({ characterId: job.characterId }, 'review gave up: sent to a moderator');
}
