/**
 * The `maintenance` queue: periodic housekeeping such as purging expired guests and raising the
 * priority of replies that have waited long (ageing).
 */
import { z } from 'zod';

export const maintenanceQueue = 'maintenance';

export const maintenanceJobs = {
  'purge-guests': z.object({}),
  'age-replies': z.object({}),
  /** Rebuilds the library's search statistics (word and tag frequencies the search plan reads). */
  'refresh-search-stats': z.object({}),
  /** Recounts each character's messages of the last 24 hours (the Trending sort). */
  'recount-trending': z.object({}),
  /** Queues the review of chatbots left in review without a job (the enqueue after a save failed). */
  'requeue-reviews': z.object({}),
  /** Deletes uploaded avatars nothing refers to (an abandoned card import or editor upload). */
  'sweep-uploads': z.object({}),
  /** Deletes cached speech clips nobody has played for SPEECH_CLIP_TTL_DAYS, and their audio. */
  'sweep-speech-clips': z.object({}),
} as const;
export type MaintenanceJobName = keyof typeof maintenanceJobs;

/** Options of every scheduled maintenance job: removed when done, the last 100 failures kept. */
export const maintenanceJobOptions = { removeOnComplete: true, removeOnFail: 100 } as const;

/** How often expired guests are purged. */
export const purgeGuestsEveryMs = 60 * 60 * 1000;

/** How often search statistics are rebuilt: word frequencies drift slowly; a pass costs seconds at 1M. */
export const refreshSearchStatsEveryMs = 60 * 60 * 1000;

/** How often the 24-hour message counts drop what has aged out (storing a reply adds at once). */
export const recountTrendingEveryMs = 15 * 60 * 1000;

/** How often waiting replies are aged: twice per ageing period, so none waits a step too long. */
export function ageRepliesEveryMs(ageingSeconds: number): number {
  return (ageingSeconds * 1000) / 2;
}

/** How often chatbots left in review without a job are looked for. */
export const requeueReviewsEveryMs = 5 * 60 * 1000;

/**
 * How long after its save a chatbot in review counts as having lost its job: the save's own enqueue
 * comes within milliseconds, so two minutes leave it alone (a requeue of a live job is a no-op anyway:
 * the job id names the character and its revision).
 */
export const reviewEnqueueGraceMs = 2 * 60 * 1000;

/** How often unreferenced uploads are swept. */
export const sweepUploadsEveryMs = 6 * 60 * 60 * 1000;

/**
 * How old an unreferenced upload must be to be deleted: an editor upload or card import waits for its
 * save this long, and a draft kept in the browser keeps its avatar for a week.
 */
export const uploadGraceMs = 7 * 24 * 60 * 60 * 1000;

/** How often cached speech clips nobody plays any more are swept. */
export const sweepSpeechClipsEveryMs = 60 * 60 * 1000;

/**
 * How old a stored speech file must be before the sweep deletes it for having no clip row: a worker
 * records its clip milliseconds after storing the file, so an hour leaves every clip being written
 * alone and still catches the files of a worker that died in between.
 */
export const speechFileGraceMs = 60 * 60 * 1000;
