/**
 * "May this user do X": roles, permissions, feature flags and tier allowances of product-core.md §6 and
 * product-rules.md §6, answered the same way on server and client. The grants per role below are a
 * product choice the spec leaves open; change them here and nowhere else.
 */
import {
  featureFlagNames,
  permissionNames,
  type FeatureFlag,
  type Permission,
} from '../schemas/permission';
import type { RestrictionType } from '../schemas/restriction';
import { isFlagImplemented } from './feature-flags';
import { roles, type Role } from '../schemas/user';

/** Who is asking, as far as permissions go: guests have no role of their own and no restrictions. */
export interface PermissionSubject {
  kind: 'guest' | 'member';
  role: Role;
  /** Types of the member's active restrictions (see restrictions.service on the server). */
  restrictions: readonly RestrictionType[];
}

/** Restriction permissions are never granted by a role, only by an active restriction. */
export const restrictionPermissions = [
  'temporary_shadowban',
  'restriction_temporary',
  'restriction_complete',
  'limited_access',
] as const satisfies readonly Permission[];

/** The permission each restriction type grants (spec: "Permissions shadowban and restriction"). */
export const restrictionPermission: Record<RestrictionType, Permission> = {
  restriction_full: 'restriction_complete',
  restriction_full_time: 'restriction_temporary',
  restriction_limited: 'limited_access',
  shadowban: 'temporary_shadowban',
};

/** Most severe first: the restriction whose screen a member sees when several are active. */
export const restrictionSeverity = [
  'restriction_full',
  'restriction_full_time',
  'restriction_limited',
  'shadowban',
] as const satisfies readonly RestrictionType[];

/**
 * Guests browse, read help, see ads and find their own earlier chats (kept under their guest identity
 * and moved to the account they sign up with); everything else needs an account.
 */
export const guestPermissions: readonly Permission[] = [
  'site_access',
  'view_help',
  'view_chats',
  'display_ads',
];

const freeTier: readonly Permission[] = [
  ...guestPermissions,
  'create_character',
  'delete_character',
  'report_character',
  'view_chats',
  'view_my_chat_bots',
  'view_auth',
];
/** Paying removes ads and the waiting room. */
const paidMinimal: readonly Permission[] = [
  ...freeTier.filter((p) => p !== 'display_ads'),
  'skip_waiting_room',
];
const paidBasic: readonly Permission[] = [...paidMinimal, 'memory_manager'];
const paidPremium: readonly Permission[] = [
  ...paidBasic,
  'conversation_memory_auto',
  'text_to_speech',
];
/** Staff hold every permission that is neither a restriction nor an ad. */
const staff: readonly Permission[] = permissionNames.filter(
  (p) => p !== 'display_ads' && !isRestrictionPermission(p),
);

/** Default grant per role; each tier includes the tiers below it. beta_user is a badge on free_tier. */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  free_tier: freeTier,
  beta_user: freeTier,
  paid_minimal: paidMinimal,
  paid_basic: paidBasic,
  paid_premium: paidPremium,
  employee: staff,
  admin: staff,
};

/** What a Terminated or held member keeps: enough to see their screen, help and sign out. */
const lockedOutKeeps: readonly Permission[] = ['site_access', 'view_help', 'view_auth'];
/** What Restricted (limited access) takes away: uploading, creating, editing and deleting bots. */
const limitedRemoves: readonly Permission[] = ['create_character', 'delete_character'];

export function isRestrictionPermission(p: Permission): boolean {
  return restrictionPermissions.some((r) => r === p);
}

/** Position of a role in the tier order (free_tier 0 … admin 6). */
export function roleRank(role: Role): number {
  return roles.indexOf(role);
}

/** Whether `role` is `min` or a higher tier. */
export function roleAtLeast(role: Role, min: Role): boolean {
  return roleRank(role) >= roleRank(min);
}

/** Whether the member is Terminated or on a Temporary Hold (no chat, nothing but their screen). */
export function isLockedOut(restrictions: readonly RestrictionType[]): boolean {
  return (
    restrictions.includes('restriction_full') || restrictions.includes('restriction_full_time')
  );
}

/** The effective permissions, in the spec's order: the role's grant adjusted by active restrictions. */
export function permissionsOf(subject: PermissionSubject): Permission[] {
  const held = new Set<Permission>(
    subject.kind === 'guest' ? guestPermissions : rolePermissions[subject.role],
  );
  if (isLockedOut(subject.restrictions)) {
    for (const p of held) if (!lockedOutKeeps.includes(p)) held.delete(p);
  }
  if (subject.restrictions.includes('restriction_limited')) {
    for (const p of limitedRemoves) held.delete(p);
  }
  for (const type of subject.restrictions) held.add(restrictionPermission[type]);
  return permissionNames.filter((p) => held.has(p));
}

export function hasPermission(subject: PermissionSubject, permission: Permission): boolean {
  return permissionsOf(subject).includes(permission);
}

/** The most severe of several restriction types, or null when there are none. */
export function mostSevere(types: readonly RestrictionType[]): RestrictionType | null {
  return restrictionSeverity.find((t) => types.includes(t)) ?? null;
}

/** Route guard (spec §6): no permission required → allowed; missing → ban page with limited_access, else 403. */
export type GuardOutcome = 'allowed' | 'ban' | 'forbidden';

export function guardRoute(
  required: Permission | null | undefined,
  held: readonly Permission[],
): GuardOutcome {
  if (required === null || required === undefined || held.includes(required)) return 'allowed';
  return held.includes('limited_access') ? 'ban' : 'forbidden';
}

/**
 * Feature flag defaults for everyone, as the product means them once built: the current (v2) product
 * surfaces on, lorebook v1 and anonymous create off, and every paid or staff flag off. Only flags of
 * features that exist are ever reported (enabledFlags).
 */
export const defaultFeatureFlags: Record<FeatureFlag, boolean> = {
  '3k_context': false,
  '4k_context': false,
  '8k_context': false,
  avatar_images_v2: false,
  conversation_images: false,
  conversation_images_v2: false,
  image_training: false,
  generation_settings: false,
  character_translate_public: false,
  character_translate_private: false,
  admin: false,
  lorebook: true,
  groupchat: true,
  create_v2: true,
  anonymous_create: false,
  profile_v2: true,
  my_chatbots_v2: true,
  listing_v2: true,
  // Opt-in per application (its featureFlags): without it a new member finishes sign-up on /signup.
  onboarding_v2: false,
  nav_v2: true,
  recent_chats_v2: true,
  lorebook_v1: false,
  // The creators leaderboard: on by default; a brand without it switches it off in its application.
  leaderboard: true,
};

/** Flags each role turns on, lowest first; a role gets its own and every lower role's. */
const roleFlags: Record<Role, readonly FeatureFlag[]> = {
  free_tier: [],
  beta_user: [],
  paid_minimal: ['3k_context'],
  // Spec: basic and premium get conversation images and generation settings.
  paid_basic: ['4k_context', 'conversation_images', 'generation_settings'],
  // Spec §1 lists character translation among the premium features: translating public and
  // unlisted chatbots is I'm All In's; private ones stay with staff, as the flag's rollout.
  paid_premium: ['8k_context', 'avatar_images_v2', 'character_translate_public'],
  employee: ['conversation_images_v2', 'image_training', 'character_translate_private'],
  admin: ['admin'],
};

/** Effective flags: defaults, plus the flags of the member's tier and every lower tier. */
export function featureFlagsOf(subject: PermissionSubject): Record<FeatureFlag, boolean> {
  const flags = { ...defaultFeatureFlags };
  // Guests and locked-out members get the defaults only.
  if (subject.kind === 'guest' || isLockedOut(subject.restrictions)) return flags;
  for (const role of roles.slice(0, roleRank(subject.role) + 1)) {
    for (const flag of roleFlags[role]) flags[flag] = true;
  }
  return flags;
}

/**
 * The flags to report as on, in the spec's order: set for the caller and built in this product
 * (rules/feature-flags.ts), so a client is never told of a feature that does not exist.
 */
export function enabledFlags(flags: Record<FeatureFlag, boolean>): FeatureFlag[] {
  return featureFlagNames.filter((f) => flags[f] && isFlagImplemented(f));
}

/** Context memory in tokens (spec §6): 2048 by default, 3072, 4096 or 8192 by flag. */
export function contextTokensOf(flags: Record<FeatureFlag, boolean>): number {
  if (flags['8k_context']) return 8192;
  if (flags['4k_context']) return 4096;
  if (flags['3k_context']) return 3072;
  return 2048;
}

/** Personas a member may keep (product-rules.md §6): free 3, minimal 10, basic 50, premium 100. */
export const personaLimits: Record<Role, number> = {
  free_tier: 3,
  beta_user: 3,
  paid_minimal: 10,
  paid_basic: 50,
  paid_premium: 100,
  employee: 100,
  admin: 100,
};
