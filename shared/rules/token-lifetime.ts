/**
 * When a partner site's token is refreshed (product-core.md §4, "Guest identity"): once past 90 percent
 * of its lifetime, measured from its `iat` to its `exp` claim (seconds since the epoch, as in a JWT).
 */

/** The share of a partner token's lifetime after which it is refreshed. */
export const partnerRefreshFraction = 0.9;

/** The lifetime claims of a token; either may be missing from what a partner issued. */
export interface TokenLifetime {
  /** Issued at, in seconds since the epoch. */
  iat?: number | undefined;
  /** Expires at, in seconds since the epoch. */
  exp?: number | undefined;
}

export interface RefreshRuleOptions {
  /** When the token was received (ms), standing in for a missing `iat`. */
  receivedAtMs?: number;
  /** Defaults to 90 percent. */
  fraction?: number;
}

/**
 * The moment (ms since the epoch) from which the token should be refreshed, or null when it cannot be
 * told: no `exp`, no start (`iat` or the time received), or a lifetime that is not positive.
 */
export function refreshDueAt(
  claims: TokenLifetime,
  options: RefreshRuleOptions = {},
): number | null {
  const fraction = options.fraction ?? partnerRefreshFraction;
  if (claims.exp === undefined || !Number.isFinite(claims.exp)) return null;
  const endMs = claims.exp * 1000;
  const startMs =
    claims.iat !== undefined && Number.isFinite(claims.iat)
      ? claims.iat * 1000
      : options.receivedAtMs;
  if (startMs === undefined || endMs <= startMs) return null;
  return startMs + (endMs - startMs) * fraction;
}

/** Whether, at `nowMs`, the token is past the refresh point, or already expired. */
export function isRefreshDue(
  claims: TokenLifetime,
  nowMs: number,
  options: RefreshRuleOptions = {},
): boolean {
  if (claims.exp !== undefined && nowMs >= claims.exp * 1000) return true;
  const due = refreshDueAt(claims, options);
  return due !== null && nowMs >= due;
}
