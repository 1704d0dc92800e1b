/**
 * The interface of an age verification provider: the methods it offers, a session the browser is sent
 * to, and the result once the provider sends the browser back. Real providers sit behind it; the
 * sandbox provider is for development and tests only.
 */

export interface VerificationMethod {
  id: string;
  name: string;
}

export type VerificationResult = 'approved' | 'declined' | 'pending';

export interface AgeVerificationProvider {
  readonly name: string;
  methods: () => VerificationMethod[];
  /** Opens a session for the member; answers the provider URL the browser must open. */
  start: (session: { id: string; userId: string; method: string }) => Promise<{ url: string }>;
  /** The provider's verdict for a session, and whose session it is. */
  result: (
    sessionId: string,
  ) => Promise<{ userId: string; method: string; result: VerificationResult } | null>;
}
