/**
 * Change plan (product-rules.md §4 "Plan change"): the plans the member may move to, from the server
 * with their upgradePrice. An upgrade above 0 is charged now, prorated, plus taxes; anything else takes
 * effect at the next billing cycle. Yearly subscribers see annual plans only; others toggle Monthly and
 * Annually. The current plan is not offered.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { BillingPeriod, Plan, Subscription } from '#shared/schemas/billing';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { act, attemptKey, type ActionOutcome } from '../api';
import { formatPlanPrice, formatPrice } from '../format';

export function changeNote(plan: Plan): string {
  return plan.upgradePrice !== null && plan.upgradePrice > 0
    ? `Upgrade now for ${formatPrice(plan.upgradePrice, plan.currency)} plus taxes (prorated)`
    : 'Takes effect at the next billing cycle';
}

export function ChangePlanDialog({
  subscription,
  onClose,
  onChanged,
}: {
  subscription: Subscription;
  onClose: () => void;
  onChanged: (outcome: ActionOutcome) => void;
}) {
  const { api } = useServices();
  const isYearly = subscription.currentProduct.period === 'annual';
  const [period, setPeriod] = useState<BillingPeriod>(subscription.currentProduct.period);
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per chosen plan, kept across retries of that choice so it is charged once.
  const [keys] = useState(() => new Map<string, string>());
  const tabsId = useId();
  const plans = subscription.availablePlans.filter((p) =>
    isYearly ? p.period === 'annual' : p.period === period,
  );

  const choose = async (plan: Plan) => {
    setBusyPlan(plan.planId);
    setError(null);
    const key = keys.get(plan.planId) ?? attemptKey();
    keys.set(plan.planId, key);
    try {
      const outcome = await act(api, {
        action: 'change_plan',
        orderId: subscription.orderId,
        subscriptionId: subscription.subscriptionId,
        planId: plan.planId,
        idempotencyKey: key,
      });
      onChanged(outcome);
    } catch (err) {
      setError(errorText(toApiError(err)));
      setBusyPlan(null);
    }
  };

  return (
    <Modal title="Change plan" onClose={onClose} actions={<Button onClick={onClose}>Close</Button>}>
      {!isYearly && (
        <Tabs role="group" aria-label="Billing period" id={tabsId}>
          {(['monthly', 'annual'] as const).map((p) => (
            <Tab
              key={p}
              type="button"
              aria-pressed={period === p}
              $isActive={period === p}
              onClick={() => {
                setPeriod(p);
              }}
            >
              {p === 'monthly' ? 'Monthly' : 'Annually'}
            </Tab>
          ))}
        </Tabs>
      )}
      {plans.length === 0 ? (
        <p>There are no other plans to change to.</p>
      ) : (
        <PlanRows aria-label="Plans">
          {plans.map((plan) => (
            <PlanRow key={plan.planId}>
              <div>
                <PlanName>{plan.name}</PlanName>
                <Muted>{formatPlanPrice(plan.price, plan.currency, plan.period)}</Muted>
                <Muted>{changeNote(plan)}</Muted>
              </div>
              <Button
                $variant="primary"
                disabled={busyPlan !== null}
                aria-busy={busyPlan === plan.planId}
                aria-label={`Choose ${plan.name} ${plan.period === 'annual' ? 'annual' : 'monthly'}`}
                onClick={() => {
                  void choose(plan);
                }}
              >
                {busyPlan === plan.planId ? 'Changing…' : 'Choose'}
              </Button>
            </PlanRow>
          ))}
        </PlanRows>
      )}
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </Modal>
  );
}

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Tab = styled.button<{ $isActive: boolean }>`
  flex: 1;
  min-height: 36px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $isActive }) => ($isActive ? theme.color.primary : 'transparent')};
  color: ${({ theme, $isActive }) => ($isActive ? theme.color.onPrimary : theme.color.text)};
  font: inherit;
  cursor: pointer;

  &:focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
  }
`;

const PlanRows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PlanRow = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const PlanName = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
