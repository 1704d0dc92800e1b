/**
 * Change card: the gateway's card form (the SANDBOX's fields, or Stripe's card Element), tokenised by
 * the gateway, then the token sent as change_card. A failure keeps what was typed and shows the
 * server's message.
 */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Actions as ActionsRow, FieldError, Form } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { StripeCardField, type StripeCard } from '../../../components/stripe-card-field';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { act, loadCardForm, tokeniseCard, type ActionOutcome } from '../api';
import type { Subscription } from '#shared/schemas/billing';

export function ChangeCardDialog({
  subscription,
  onClose,
  onChanged,
}: {
  subscription: Subscription;
  onClose: () => void;
  onChanged: (outcome: ActionOutcome) => void;
}) {
  const { api } = useServices();
  const cardForm = useQuery('portal-card-form', (signal) => loadCardForm(api, signal));
  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });
  const [stripeCard, setStripeCard] = useState<StripeCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const form = cardForm.status === 'success' ? cardForm.data : null;

  const newCardToken = async (): Promise<string> => {
    if (form?.kind !== 'stripe') return (await tokeniseCard(api, card)).token;
    if (stripeCard === null) throw new Error('The card form has not loaded.');
    return stripeCard.tokenise();
  };

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const token = await newCardToken();
      const outcome = await act(api, {
        action: 'change_card',
        orderId: subscription.orderId,
        subscriptionId: subscription.subscriptionId,
        cardToken: token,
      });
      onChanged(outcome);
    } catch (err) {
      setError(errorText(toApiError(err)));
      setIsBusy(false);
    }
  };

  return (
    <Modal title="Change card" onClose={onClose}>
      {cardForm.status === 'loading' && <Spinner label="Loading the card form" />}
      {cardForm.status === 'error' && <ErrorState onRetry={cardForm.retry} />}
      {form !== null && (
        <Form
          aria-label="New card"
          onSubmit={(event) => {
            void submit(event);
          }}
        >
          {form.kind === 'stripe' && (
            <StripeCardField
              publishableKey={form.publishableKey}
              scriptUrl={form.scriptUrl}
              onChange={setStripeCard}
              describedBy={undefined}
            />
          )}
          {form.kind === 'sandbox' && (
            <>
              <TextField
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={23}
                required
                value={card.number}
                onChange={(e) => {
                  setCard({ ...card, number: e.target.value });
                }}
              />
              <TextField
                label="Expiry (MM/YY)"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={7}
                required
                value={card.exp}
                onChange={(e) => {
                  setCard({ ...card, exp: e.target.value });
                }}
              />
              <TextField
                label="CVC"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                required
                value={card.cvc}
                onChange={(e) => {
                  setCard({ ...card, cvc: e.target.value });
                }}
              />
            </>
          )}
          {error !== null && <FieldError role="alert">{error}</FieldError>}
          <ActionsRow>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              type="submit"
              $variant="primary"
              disabled={isBusy || (form.kind === 'stripe' && stripeCard?.complete !== true)}
              aria-busy={isBusy}
            >
              {isBusy ? 'Saving card…' : 'Save card'}
            </Button>
          </ActionsRow>
        </Form>
      )}
    </Modal>
  );
}
