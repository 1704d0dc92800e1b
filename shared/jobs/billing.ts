/**
 * The `billing` queue contract (issue 23): the subscription engine's scheduled work. `sweep` runs every
 * BILLING_SWEEP_MS: it renews due card subscriptions, ends cancelled, unrenewed and out-of-grace ones,
 * and settles orders whose answer was lost. `end-subscription` is delayed to a cancelled subscription's
 * recur_at, so access ends on time; both are safe to run twice (each change is conditional).
 */
import { z } from 'zod';

export const billingQueue = 'billing';

export const EndSubscriptionJobSchema = z.object({
  subscriptionId: z.uuid(),
  /** The recur_at it was scheduled for (epoch ms): a resumed and re-cancelled one gets a new job. */
  at: z.number().int(),
});
export type EndSubscriptionJob = z.infer<typeof EndSubscriptionJobSchema>;

/** Job name → payload schema. */
export const billingJobs = {
  sweep: z.object({}),
  'end-subscription': EndSubscriptionJobSchema,
} as const;
export type BillingJobName = keyof typeof billingJobs;

/** Money work retries with backoff (a gateway or database hiccup); finished jobs are removed. */
export const billingJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: true,
  removeOnFail: 100,
} as const;

/** The repeatable sweep: no retries (the next sweep comes soon), removed when done. */
export const billingSweepOptions = { removeOnComplete: true, removeOnFail: 100 } as const;

/** The deterministic, colon-free id of a subscription's end. */
export function endSubscriptionJobId(job: EndSubscriptionJob): string {
  return `end-${job.subscriptionId}-${String(job.at)}`;
}
