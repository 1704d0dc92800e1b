/**
 * Change card: the SANDBOX gateway's card fields, tokenised by the gateway's token call, then the token
 * sent as change_card. A failure keeps what was typed and shows the server's message.
 */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Actions as ActionsRow, FieldError, Form } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { act, tokeniseCard, type ActionOutcome } from '../api';
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
  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const { token } = await tokeniseCard(api, card);
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
      <Form
        aria-label="New card"
        onSubmit={(event) => {
          void submit(event);
        }}
      >
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
        {error !== null && <FieldError role="alert">{error}</FieldError>}
        <ActionsRow>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" $variant="primary" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? 'Saving card…' : 'Save card'}
          </Button>
        </ActionsRow>
      </Form>
    </Modal>
  );
}
