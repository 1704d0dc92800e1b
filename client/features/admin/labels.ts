/** How roles, restrictions and audit entries read on the admin screens (names from product-core.md). */
import type { AuditEntry } from '#shared/api/admin';
import { RestrictionTypeSchema, type RestrictionType } from '#shared/schemas/restriction';
import { RoleSchema, type Role } from '#shared/schemas/user';

/** Role names with the plan names the spec gives the paid tiers. */
export const roleLabels: Record<Role, string> = {
  free_tier: 'Free',
  beta_user: 'Beta user',
  paid_minimal: 'Get a Taste',
  paid_basic: 'True Supporter',
  paid_premium: "I'm All In",
  employee: 'Employee',
  admin: 'Admin',
};

/** The restriction screens' names (spec §2, "Restriction screens"; §4, "Account restriction"). */
export const restrictionLabels: Record<RestrictionType, string> = {
  restriction_full_time: 'Temporary Hold',
  restriction_full: 'Terminated',
  restriction_limited: 'Restricted',
  shadowban: 'Shadowban',
};

export const restrictionDescriptions: Record<RestrictionType, string> = {
  restriction_full_time: 'No chat and nothing but the hold screen until it ends.',
  restriction_full: 'Permanent: no chat and nothing but the Terminated screen.',
  restriction_limited: 'Chat still works; creating, editing and uploading chatbots is disabled.',
  shadowban: 'Everything works for them; what they publish is hidden from others.',
};

/** Whether the type needs an end date, may have one, or must not. */
export function expiryRule(type: RestrictionType): 'required' | 'optional' | 'none' {
  if (type === 'restriction_full_time') return 'required';
  if (type === 'restriction_full') return 'none';
  return 'optional';
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const roleOf = (value: unknown) => {
  const parsed = RoleSchema.safeParse(value);
  return parsed.success ? roleLabels[parsed.data] : String(value);
};
const restrictionOf = (value: unknown) => {
  const parsed = RestrictionTypeSchema.safeParse(value);
  return parsed.success ? restrictionLabels[parsed.data] : 'Restriction';
};

/** One line per audit entry: "Role changed from Free to Admin". */
export function auditText(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case 'user.role_changed':
      return `Role changed from ${roleOf(d.from)} to ${roleOf(d.to)}`;
    case 'restriction.set': {
      const until = typeof d.expiresAt === 'string' ? ` until ${formatDateTime(d.expiresAt)}` : '';
      const reason = typeof d.reason === 'string' ? `: ${d.reason}` : '';
      return `${restrictionOf(d.type)} set${until}${reason}`;
    }
    case 'restriction.lifted':
      return `${restrictionOf(d.type)} lifted`;
    default:
      return entry.action;
  }
}
