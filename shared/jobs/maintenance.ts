/**
 * The `maintenance` queue: periodic housekeeping such as purging expired guests and raising the
 * priority of replies that have waited long (ageing).
 */
import { z } from 'zod';

export const maintenanceQueue = 'maintenance';

export const maintenanceJobs = {
  'purge-guests': z.object({}),
  'age-replies': z.object({}),
} as const;
export type MaintenanceJobName = keyof typeof maintenanceJobs;
