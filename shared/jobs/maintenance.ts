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
