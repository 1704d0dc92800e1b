/**
 * An offer's plans under Annually/Monthly tabs (product-rules.md §2 /subscribe), with the Compare
 * Plans link for the period shown. The page decides what choosing a plan does.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { BillingPeriod, Plan, PurchaseOptions } from '#shared/schemas/billing';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { paths } from '../../../lib/paths';
import { highlightedPlanId, initialPeriod, periodLabels, periodsOffered } from '../catalog';
import { PlanCards } from './plan-cards';

export function PlanPicker({
  options,
  onChoose,
}: {
  options: PurchaseOptions;
  onChoose: (plan: Plan) => void;
}) {
  const [period, setPeriod] = useState<BillingPeriod>(() => initialPeriod(options));
  const periods = periodsOffered(options);
  return (
    <Column>
      <Bar>
        {periods.length > 1 && (
          <Tabs
            label="Billing period"
            idBase="plans"
            options={periods.map((p) => ({ value: p, label: periodLabels[p] }))}
            value={period}
            onChange={setPeriod}
          />
        )}
        <Link href={paths.planComparison.build(period)}>Compare Plans</Link>
      </Bar>
      <div {...tabPanelProps('plans', period)}>
        <PlanCards
          plans={options.options[period]}
          highlightedPlanId={highlightedPlanId(options, period)}
          onChoose={onChoose}
        />
      </div>
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;
