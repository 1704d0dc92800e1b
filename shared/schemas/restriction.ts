/** Account restrictions (product-core.md §4, "Account restriction") as the API carries them. */
import { z } from 'zod';

/**
 * restriction_full: Terminated, permanent. restriction_full_time: Temporary Hold until expiresAt.
 * restriction_limited: Restricted, chat allowed but creating, editing and uploading refused.
 * shadowban: the member may use everything; what they publish is hidden from others.
 */
export const restrictionTypes = [
  'restriction_full',
  'restriction_full_time',
  'restriction_limited',
  'shadowban',
] as const;
export const RestrictionTypeSchema = z.enum(restrictionTypes);
export type RestrictionType = z.infer<typeof RestrictionTypeSchema>;

/** A restriction as admins see it, lifted or not. */
export const RestrictionSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: RestrictionTypeSchema,
  reason: z.string(),
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** When a Temporary Hold (or a timed shadowban) ends; null means permanent. */
  expiresAt: z.iso.datetime().nullable(),
  liftedAt: z.iso.datetime().nullable(),
  liftedBy: z.uuid().nullable(),
});
export type Restriction = z.infer<typeof RestrictionSchema>;

/** The restriction the member's own client shows a screen or banner for (no admin-only fields). */
export const AccountRestrictionSchema = z.object({
  type: RestrictionTypeSchema,
  /** The admin's reason, shown on the Temporary Hold screen. */
  reason: z.string(),
  /** Countdown target of the Temporary Hold screen; null when permanent. */
  expiresAt: z.iso.datetime().nullable(),
});
export type AccountRestriction = z.infer<typeof AccountRestrictionSchema>;
