/** The `maintenance` queue: periodic housekeeping such as purging expired guests. */
import { z } from 'zod';

export const maintenanceQueue = 'maintenance';

export const maintenanceJobs = { 'purge-guests': z.object({}) } as const;
export type MaintenanceJobName = keyof typeof maintenanceJobs;
