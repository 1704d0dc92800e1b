/**
 * The interface a pledge service sits behind (product-rules.md §2 "link to an external
 * subscription-pledge service", §4 "Link flow"): a member signs in at the service, which sends the
 * browser back with a code (or hands it a one-time transient id), and we read which tier they pledge.
 * Only the SANDBOX service exists here: the real service's API is not reachable from this workplace.
 */

/** A member's account at the pledge service and their active pledge, if any. */
export interface PledgeAccount {
  accountRef: string;
  pledge: { tierId: string; activeUntil: Date } | null;
}

export interface PledgeService {
  readonly name: 'subscribestar';
  /** Where the browser signs in at the service; it comes back to `redirectUrl` with a code and `state`. */
  authorizeUrl: (state: string, redirectUrl: string) => string;
  /** The account a code names; null when the code is unknown, used or expired. */
  exchange: (code: string, redirectUrl: string) => Promise<PledgeAccount | null>;
  /** The account behind a one-time transient id; null when unknown or used. */
  resolveTransient: (transientId: string) => Promise<PledgeAccount | null>;
}

/** The service answered with an error or not at all: "There was an error linking your account." */
export class PledgeServiceError extends Error {}
