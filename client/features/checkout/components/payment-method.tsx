/**
 * The payment method (product-rules.md §2 /checkout, §9): the card, with the gateway's card form (the
 * sandbox's fields, or Stripe's Element) or the saved card, or one of the alternative methods the offer
 * lists (the browser goes to the provider). The card's digits go only to the tokeniser, never to subscribe.
 */
import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import type {
  CardForm as GatewayCardForm,
  CardSummary,
  PaymentMethod,
} from '#shared/schemas/billing';
import {
  CheckRow,
  Field,
  FieldError,
  Input,
  Label,
  errorProps,
} from '../../../components/form-controls';
import { formatCardNumber, type CardFields } from '../form';
import { Section } from './personal-info';
import { StripeCardField, type StripeCard } from '../../../components/stripe-card-field';

interface PaymentMethodProps {
  methods: readonly PaymentMethod[];
  /** How this install takes cards in the browser (none: by the alternative methods only). */
  cardForm: GatewayCardForm;
  method: string;
  onMethodChange: (code: string) => void;
  card: CardFields;
  onCardChange: (card: CardFields) => void;
  onStripeCardChange: (card: StripeCard) => void;
  savedCard: CardSummary | null;
  useSavedCard: boolean;
  onUseSavedCardChange: (use: boolean) => void;
  /** 'Enter a valid card, expiration date and cvv.' when the card is not payable. */
  cardError: string | null;
}

export function PaymentMethodSection(props: PaymentMethodProps) {
  const { methods, cardForm, method, onMethodChange } = props;
  const offered = methods.filter((m) => m.kind === 'redirect' || cardForm.kind !== 'none');
  const chosen = offered.find((m) => m.code === method);
  return (
    <Section aria-labelledby="payment-method-heading">
      <h2 id="payment-method-heading">Payment Method</h2>
      <Choices role="radiogroup" aria-labelledby="payment-method-heading">
        {offered.map((m) => (
          <CheckRow key={m.code}>
            <input
              type="radio"
              name="payment-method"
              value={m.code}
              checked={m.code === method}
              onChange={() => {
                onMethodChange(m.code);
              }}
            />
            <span>{m.name}</span>
          </CheckRow>
        ))}
      </Choices>
      {chosen?.kind === 'card' && <CardForm {...props} />}
      {chosen?.kind === 'redirect' && (
        <Note>
          You will be taken to {chosen.name} to pay.
          {!chosen.renews && ' This method does not renew automatically.'}
        </Note>
      )}
    </Section>
  );
}

function CardInput({
  label,
  described,
  ...input
}: {
  label: string;
  described: ReturnType<typeof errorProps>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} {...described} />
    </Field>
  );
}

function CardForm({
  cardForm,
  card,
  onCardChange,
  onStripeCardChange,
  savedCard,
  useSavedCard,
  onUseSavedCardChange,
  cardError,
}: PaymentMethodProps) {
  const errorId = `${useId()}-card-error`;
  const described = errorProps(errorId, cardError);
  return (
    <Fields>
      {savedCard !== null && (
        <Choices role="radiogroup" aria-label="Card">
          <CheckRow>
            <input
              type="radio"
              name="card-choice"
              checked={useSavedCard}
              onChange={() => {
                onUseSavedCardChange(true);
              }}
            />
            <span>
              Saved {savedCard.type} card ending in {savedCard.last4} (expires {savedCard.exp})
            </span>
          </CheckRow>
          <CheckRow>
            <input
              type="radio"
              name="card-choice"
              checked={!useSavedCard}
              onChange={() => {
                onUseSavedCardChange(false);
              }}
            />
            <span>A new card</span>
          </CheckRow>
        </Choices>
      )}
      {(savedCard === null || !useSavedCard) && cardForm.kind === 'stripe' && (
        <StripeCardField
          publishableKey={cardForm.publishableKey}
          scriptUrl={cardForm.scriptUrl}
          onChange={onStripeCardChange}
          describedBy={cardError === null ? undefined : errorId}
        />
      )}
      {(savedCard === null || !useSavedCard) && cardForm.kind === 'sandbox' && (
        <>
          <CardInput
            described={described}
            label="Card Number"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={card.number}
            onChange={(event) => {
              onCardChange({ ...card, number: formatCardNumber(event.target.value) });
            }}
          />
          <Row>
            <CardInput
              described={described}
              label="Expiration Date"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={7}
              value={card.exp}
              onChange={(event) => {
                onCardChange({ ...card, exp: event.target.value });
              }}
            />
            <CardInput
              described={described}
              label="CVV"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={card.cvc}
              onChange={(event) => {
                onCardChange({ ...card, cvc: event.target.value.replace(/\D/g, '') });
              }}
            />
          </Row>
        </>
      )}
      {cardError !== null && (
        <FieldError id={errorId} role="alert">
          {cardError}
        </FieldError>
      )}
    </Fields>
  );
}

const Choices = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
