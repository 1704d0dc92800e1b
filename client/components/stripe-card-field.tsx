/**
 * The card field with Stripe (issue 23): Stripe's card Element, mounted once Stripe.js has loaded. It
 * tells its form (the checkout, the portal's Change card) whether the card is complete, and hands it the
 * function that turns the card into a PaymentMethod id in the browser (the card token the server gets).
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import {
  loadStripe,
  type StripeBillingDetails,
  type StripeCardElement,
  type StripeElementStyle,
} from '../lib/stripe-js';
import { Button } from './button';
import { FieldError, Label } from './form-controls';

export interface StripeCard {
  complete: boolean;
  empty: boolean;
  /** The card as a PaymentMethod id, with the buyer's details if known; rejects when Stripe refuses it. */
  tokenise: (details?: StripeBillingDetails) => Promise<string>;
}

interface StripeCardFieldProps {
  publishableKey: string;
  scriptUrl: string;
  onChange: (card: StripeCard) => void;
  /** Points the field at the card's error message, when one shows. */
  describedBy: string | undefined;
}

export function StripeCardField({
  publishableKey,
  scriptUrl,
  onChange,
  describedBy,
}: StripeCardFieldProps) {
  const labelId = useId();
  const mount = useRef<HTMLDivElement>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  // Stripe's Element is a frame of its own: our theme reaches it as a style, kept up to date.
  const { color, font } = useTheme();
  const style = useRef<StripeElementStyle>({ base: { color: '', fontFamily: '', fontSize: '' } });
  const element = useRef<StripeCardElement | null>(null);
  useEffect(() => {
    style.current = { base: { color: color.text, fontFamily: font.family, fontSize: '16px' } };
    element.current?.update({ style: style.current });
  }, [color.text, font.family]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCancelled = false;
    loadStripe(scriptUrl, publishableKey).then(
      (stripe) => {
        if (isCancelled || mount.current === null) return;
        const card = stripe.elements().create('card', {
          hidePostalCode: true,
          style: style.current,
        });
        element.current = card;
        const tokenise = async (details?: StripeBillingDetails) => {
          const answer = await stripe.createPaymentMethod({
            type: 'card',
            card,
            billing_details: details,
          });
          if (answer.paymentMethod === undefined) {
            throw new Error(answer.error?.message ?? 'Stripe refused the card');
          }
          return answer.paymentMethod.id;
        };
        card.on('change', (event) => {
          report.current({ complete: event.complete, empty: event.empty, tokenise });
        });
        card.mount(mount.current);
        report.current({ complete: false, empty: true, tokenise });
        setStatus('ready');
      },
      () => {
        if (!isCancelled) setStatus('error');
      },
    );
    return () => {
      isCancelled = true;
      element.current?.destroy();
      element.current = null;
    };
  }, [scriptUrl, publishableKey, attempt]);

  return (
    <div>
      <Label as="span" id={labelId}>
        Card
      </Label>
      <Box
        ref={mount}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-busy={status === 'loading'}
      />
      {status === 'loading' && <Note>Loading the card form…</Note>}
      {status === 'error' && (
        <FieldError role="alert">
          The card form could not load.{' '}
          <Button
            onClick={() => {
              setStatus('loading');
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </FieldError>
      )}
    </div>
  );
}

const Box = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
