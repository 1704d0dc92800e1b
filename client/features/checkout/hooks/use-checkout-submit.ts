/**
 * Paying (product-rules.md §4 "Checkout (card)"): by card, the card is tokenised (by the gateway's card
 * form: the sandbox's tokeniser or Stripe.js), then subscribe answers
 * Approved (the success page), redirect (the 3-D Secure frame) or an error shown under the summary;
 * another method sends the browser to the provider. One idempotency key per attempt (idempotency.ts).
 */
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { checkoutMessages } from '#shared/rules/checkout';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { payByCard, payWithProvider, type Purchase } from '../api';
import { attemptKey, forgetAttempt } from '../idempotency';

/** By card: `tokenise` makes the token of a new card (null: the saved card); or by a provider's page. */
export type PaymentChoice =
  | { kind: 'card'; tokenise: (() => Promise<string>) | null }
  | { kind: 'redirect'; provider: string };

export interface SubmitState {
  isProcessing: boolean;
  /** The message under the summary, or null. */
  error: string | null;
  /** The card number, expiry or CVC were refused by the tokeniser. */
  cardError: string | null;
  /** An open 3-D Secure frame. */
  threeDs: { url: string; orderId: string } | null;
  /** Whether a purchase was started (no abandon is logged then). */
  hasStarted: boolean;
  submit: (purchase: Omit<Purchase, 'idempotencyKey'>, payment: PaymentChoice) => Promise<void>;
  clearError: () => void;
  /** The 3-D Secure frame's answer. */
  finishThreeDs: (outcome: { ok: boolean; orderId: string; errorMessage: string | null }) => void;
}

export function useCheckoutSubmit(): SubmitState {
  const { api } = useServices();
  const [, navigate] = useLocation();
  const [isProcessing, setIsProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [threeDs, setThreeDs] = useState<SubmitState['threeDs']>(null);
  const [hasStarted, setHasStarted] = useState(false);

  const succeeded = useCallback(
    (orderId: string) => {
      forgetAttempt();
      navigate(paths.checkoutSuccess.build(orderId));
    },
    [navigate],
  );

  const submit = async (purchase: Omit<Purchase, 'idempotencyKey'>, payment: PaymentChoice) => {
    if (isProcessing) return;
    setIsProcessing(true);
    setError(null);
    setCardError(null);
    const method = payment.kind === 'card' ? 'card' : payment.provider;
    const withKey = { ...purchase, idempotencyKey: attemptKey(purchase.planId, method) };
    try {
      if (payment.kind === 'redirect') {
        const answer = await payWithProvider(api, payment.provider, withKey);
        if (answer.url !== null) {
          setHasStarted(true);
          window.location.assign(answer.url);
          return;
        }
        setError(answer.errorMessage ?? errorText({ code: 'internal' }));
        return;
      }
      let token: string | null = null;
      if (payment.tokenise !== null) {
        try {
          token = await payment.tokenise();
        } catch {
          setCardError(checkoutMessages.card);
          return;
        }
      }
      setHasStarted(true);
      const answer = await payByCard(api, withKey, token);
      if (answer.errorMessage !== null) setError(answer.errorMessage);
      else if (answer.respMsg === 'Approved') succeeded(answer.orderId);
      else if (answer.respMsg === 'redirect' && answer.iframe3dsUrl !== null) {
        setThreeDs({ url: answer.iframe3dsUrl, orderId: answer.orderId });
      } else setError(errorText({ code: 'internal' }));
    } catch (err) {
      setError(errorText(toApiError(err)));
    } finally {
      setIsProcessing(false);
    }
  };

  return {
    isProcessing,
    error,
    cardError,
    threeDs,
    hasStarted,
    submit,
    clearError: () => {
      setError(null);
      setCardError(null);
    },
    finishThreeDs: (outcome) => {
      setThreeDs(null);
      if (outcome.ok) succeeded(outcome.orderId);
      else setError(outcome.errorMessage ?? 'The payment was not completed.');
    },
  };
}
