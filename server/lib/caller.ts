/**
 * Who is asking, once resolved (services/identity.service.ts): the shape routes, socket handlers and
 * services share. It lives here so the route helper can type each auth level without importing services.
 */
import type { FeatureFlag } from '#shared/schemas/permission';
import type { AccountRestriction } from '#shared/schemas/restriction';
import type { Role } from '#shared/schemas/user';

export interface Caller {
  userId: string;
  kind: 'guest' | 'member';
  /** The stored role (lib/member-standing.ts, cached briefly): a purchase or an expiry applies at once. */
  role: Role;
  /** The member's session family, so its sockets and access tokens can be ended with the session. */
  sessionFamily: string | null;
  /** The member's active restrictions when the caller was resolved; guests have none. */
  restrictions: readonly AccountRestriction[];
  /** Signed in through a partner site's own token (partner mode never waits in line). */
  isPartner: boolean;
  /**
   * The feature flags the application the caller came through switches off, whatever their tier
   * says (services/applications.service.ts, isCallerFlagOn): a group, say, does not exist for them.
   */
  flagsOff: readonly FeatureFlag[];
}

/** A signed-in member. */
export type MemberCaller = Caller & { kind: 'member' };

export function isMember(caller: Caller): caller is MemberCaller {
  return caller.kind === 'member';
}
