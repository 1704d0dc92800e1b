/**
 * What a member's active account restrictions (product-core.md §4, "Account restriction") refuse.
 * Callers carry them (identity.service reads them with the role, lib/member-standing.ts).
 */
import {
  enabledFlags,
  featureFlagsOf,
  hasPermission,
  mostSevere,
  permissionsOf,
  type PermissionSubject,
} from '#shared/rules/permissions';
import type { FeatureFlag, Permission } from '#shared/schemas/permission';
import type { AccountRestriction } from '#shared/schemas/restriction';
import type { Role } from '#shared/schemas/user';
import { AppError } from '../lib/errors';

/** What the checks below need to know about a caller. */
export interface RestrictedSubject {
  kind: 'guest' | 'member';
  role: Role;
  restrictions: readonly AccountRestriction[];
}

/** The restriction whose screen or banner the member sees: the most severe active one. */
export function shownRestriction(active: readonly AccountRestriction[]): AccountRestriction | null {
  const type = mostSevere(active.map((r) => r.type));
  return active.find((r) => r.type === type) ?? null;
}

function permissionSubject(subject: RestrictedSubject): PermissionSubject {
  return {
    kind: subject.kind,
    role: subject.role,
    restrictions: subject.restrictions.map((r) => r.type),
  };
}

/** Effective permissions and enabled feature flags, as /api/me reports them. */
export function accessOf(subject: RestrictedSubject): {
  permissions: Permission[];
  featureFlags: FeatureFlag[];
} {
  const s = permissionSubject(subject);
  return { permissions: permissionsOf(s), featureFlags: enabledFlags(featureFlagsOf(s)) };
}

/** Terminated and held members may not chat (send, retry, read conversations); Restricted ones may. */
export function assertMayChat(subject: RestrictedSubject): void {
  const shown = shownRestriction(subject.restrictions);
  if (shown?.type === 'restriction_full') throw new AppError('account_terminated');
  if (shown?.type === 'restriction_full_time') {
    throw new AppError('account_on_hold', { details: { expiresAt: shown.expiresAt } });
  }
}

/**
 * Whether the caller may create, edit or upload a chatbot (or anything else they publish). Routes that
 * create call this first; Restricted members get account_restricted, the spec's "Restricted!" dialog.
 */
export function assertMayCreate(subject: RestrictedSubject): void {
  if (subject.kind === 'guest') throw new AppError('sign_in_required');
  assertMayChat(subject);
  if (subject.restrictions.some((r) => r.type === 'restriction_limited')) {
    throw new AppError('account_restricted');
  }
  if (!hasPermission(permissionSubject(subject), 'create_character')) {
    throw new AppError('forbidden');
  }
}

/**
 * Whether the member may delete their chatbot (delete_character): Restricted members get
 * account_restricted, the spec's "Restricted!" dialog; a member without the permission, forbidden.
 */
export function assertMayDeleteCharacter(subject: RestrictedSubject): void {
  if (subject.kind === 'guest') throw new AppError('sign_in_required');
  assertMayChat(subject);
  if (subject.restrictions.some((r) => r.type === 'restriction_limited')) {
    throw new AppError('account_restricted');
  }
  if (!hasPermission(permissionSubject(subject), 'delete_character')) {
    throw new AppError('forbidden');
  }
}
