/**
 * The order summary (product-rules.md §2 /checkout, §3 "Checkout calculation"): the plan switcher with
 * Annually/Monthly tabs, the coupon, the server's line items, discounts, tax and total, the terms
 * checkbox, Submit, and the server's message under it all.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import { checkoutLimits } from '#shared/rules/checkout';
import { formatPrice } from '#shared/rules/plans';
import type { BillingPeriod, CheckoutCalculation, Plan } from '#shared/schemas/billing';
import { Button } from '../../../components/button';
import { CheckRow } from '../../../components/form-controls';
import { Spinner } from '../../../components/spinner';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { Section } from './personal-info';

const periodLabels: Record<BillingPeriod, string> = { annual: 'Annually', monthly: 'Monthly' };

interface OrderSummaryProps {
  plans: { monthly: readonly Plan[]; annual: readonly Plan[] };
  plan: Plan;
  onPlanChange: (planId: string) => void;
  coupon: string;
  onCouponChange: (coupon: string) => void;
  couponError: string | null;
  calculation: CheckoutCalculation | null;
  isCalculating: boolean;
  hasAgreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  canSubmit: boolean;
  isProcessing: boolean;
  /** The server's message, a calculation's or a payment's, shown under the summary. */
  error: string | null;
}

export function OrderSummary(props: OrderSummaryProps) {
  const { plans, plan, onPlanChange, calculation } = props;
  const [period, setPeriod] = useState<BillingPeriod>(plan.period);
  const periods = (['annual', 'monthly'] as const).filter((p) => plans[p].length > 0);
  const currency = calculation?.currency ?? plan.currency;
  return (
    <Section aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order Summary</h2>
      {periods.length > 1 && (
        <Tabs
          label="Billing period"
          idBase="checkout-plans"
          options={periods.map((p) => ({ value: p, label: periodLabels[p] }))}
          value={period}
          onChange={setPeriod}
        />
      )}
      <PlanChoices {...tabPanelProps('checkout-plans', period)} aria-label="Plan">
        {plans[period].map((p) => (
          <PlanRow key={p.planId} $isChosen={p.planId === plan.planId}>
            <input
              type="radio"
              name="plan"
              value={p.planId}
              checked={p.planId === plan.planId}
              onChange={() => {
                onPlanChange(p.planId);
              }}
            />
            <span>{p.name}</span>
            <Price>
              {formatPrice(p.price, p.currency)}
              {p.period === 'annual' ? ' / year' : ' / month'}
            </Price>
          </PlanRow>
        ))}
      </PlanChoices>
      <TextField
        label="Coupon"
        autoComplete="off"
        maxLength={checkoutLimits.coupon}
        value={props.coupon}
        error={props.couponError}
        onChange={(event) => {
          props.onCouponChange(event.target.value.toUpperCase());
        }}
      />
      <Totals aria-busy={props.isCalculating} aria-live="polite">
        {calculation === null ? (
          <Spinner label="Calculating the total" />
        ) : (
          <>
            {calculation.lineItems.map((item) => (
              <Line key={item.name}>
                <dt>{item.name}</dt>
                <dd>{formatPrice(item.total, currency)}</dd>
              </Line>
            ))}
            {calculation.discounts
              .filter((d) => d.valid)
              .map((d) => (
                <Line key={d.code}>
                  <dt>Discount ({d.code})</dt>
                  <dd>−{formatPrice(d.total, currency)}</dd>
                </Line>
              ))}
            <Line>
              <dt>Subtotal</dt>
              <dd>{formatPrice(calculation.subtotal, currency)}</dd>
            </Line>
            <Line>
              <dt>Tax</dt>
              <dd>{formatPrice(calculation.tax.total, currency)}</dd>
            </Line>
            <Total>
              <dt>Total</dt>
              <dd>{formatPrice(calculation.total, currency)}</dd>
            </Total>
          </>
        )}
      </Totals>
      <CheckRow>
        <input
          type="checkbox"
          checked={props.hasAgreed}
          onChange={(event) => {
            props.onAgreedChange(event.target.checked);
          }}
        />
        <span>
          I agree to the <Link href={paths.legal.build('terms')}>Terms of Service</Link>
        </span>
      </CheckRow>
      <Button
        type="submit"
        $variant="primary"
        disabled={!props.canSubmit}
        aria-busy={props.isProcessing}
      >
        {props.isProcessing ? 'Processing…' : 'Submit'}
      </Button>
      {props.error !== null && (
        <ErrorText role="alert" id="checkout-error">
          {props.error}
        </ErrorText>
      )}
    </Section>
  );
}

const PlanChoices = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const PlanRow = styled.label<{ $isChosen: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid
    ${({ $isChosen, theme }) => ($isChosen ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;

  input {
    accent-color: ${({ theme }) => theme.color.primary};
  }

  span {
    flex: 1;
  }
`;

const Price = styled.em`
  color: ${({ theme }) => theme.color.textMuted};
  font-style: normal;
  white-space: nowrap;
`;

const Totals = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
`;

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Total = styled(Line)`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const ErrorText = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSurface};
  color: ${({ theme }) => theme.color.danger};
`;
