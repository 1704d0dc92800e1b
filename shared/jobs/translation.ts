/**
 * The `translation` queue (issue 26 item 3): one job per run of a chatbot's translation into one
 * language. The run is claimed in the database first (server/db/repositories/translations.repo.ts),
 * so a chatbot is translated into a language by one run at a time, and the job id is the run's.
 * Translation is interactive: a failed run is not retried by the queue (the modal's Try Again starts
 * a new run), and finished or failed jobs are removed.
 */
import { z } from 'zod';
import { TranslationLanguageSchema } from '../rules/translation';

export const translationQueue = 'translation';

export const TranslateJobSchema = z.object({
  characterId: z.uuid(),
  language: TranslationLanguageSchema,
  /** The run this job makes; a write for any other run is refused. */
  runId: z.uuid(),
});
export type TranslateJob = z.infer<typeof TranslateJobSchema>;

/** Job name → payload schema. */
export const translationJobs = { translate: TranslateJobSchema } as const;

export const translationJobOptions = {
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: true,
} as const;

/** The deterministic, colon-free id of a run's job. */
export function translateJobId(runId: string): string {
  return `translate-${runId}`;
}
