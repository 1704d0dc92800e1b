import { z } from 'zod';
import { FeatureFlagSchema, PermissionSchema } from './permission';
import { AccountRestrictionSchema } from './restriction';
import { ProfileSubscriptionSchema } from './billing';

/** Roles of the spec, lowest first; higher tiers include the lower ones' features. */
export const roles = [
  'free_tier',
  'beta_user',
  'paid_minimal',
  'paid_basic',
  'paid_premium',
  'employee',
  'admin',
] as const;
export const RoleSchema = z.enum(roles);
export type Role = z.infer<typeof RoleSchema>;
/** A role as stored: one the product no longer knows counts as the lowest tier. */
export const StoredRoleSchema = RoleSchema.catch('free_tier');

/** An email as people type it: trimmed, lowercased, with the spec's messages. */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email can not be empty')
  .max(320, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** Who the caller is: a guest (kept in the browser) or a signed-in member. */
export const MeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['guest', 'member']),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: RoleSchema,
  /** The caller's effective permissions (rules/permissions.ts); absent in session bodies. */
  permissions: z.array(PermissionSchema).optional(),
  /** Feature flags that are on for the caller. */
  featureFlags: z.array(FeatureFlagSchema).optional(),
  /** The most severe active restriction (Terminated, Temporary Hold, Restricted or shadowban), or null. */
  restriction: AccountRestrictionSchema.nullable().optional(),
  /** The member's live subscription (active, cancelled or in grace), or null; absent in session bodies. */
  subscription: ProfileSubscriptionSchema.nullable().optional(),
});
export type Me = z.infer<typeof MeSchema>;
