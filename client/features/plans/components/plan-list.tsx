/**
 * The plans an offer sells (product-rules.md §3 "Plan"), from GET /api/subscriptions/purchase_options:
 * name, price per period, the list price struck through, and what each includes.
 */
import styled from 'styled-components';
import { formatPrice } from '#shared/rules/plans';
import type { Plan } from '#shared/schemas/billing';
import { VisuallyHidden } from '../../../components/visually-hidden';

export function PlanList({ plans }: { plans: readonly Plan[] }) {
  return (
    <Grid>
      {plans.map((plan) => (
        <Card key={plan.planId} aria-labelledby={`plan-${plan.planId}`}>
          <h2 id={`plan-${plan.planId}`}>{plan.name}</h2>
          <p>
            <Amount>{formatPrice(plan.price, plan.currency)}</Amount>{' '}
            {plan.period === 'annual' ? 'a year' : 'a month'}
            {plan.listPrice !== null && (
              <ListPrice>
                {' '}
                (<s>{formatPrice(plan.listPrice, plan.currency)}</s>
                <VisuallyHidden> before the discount</VisuallyHidden>)
              </ListPrice>
            )}
          </p>
          <Features>
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </Features>
        </Card>
      ))}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.cardMinWidth}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Amount = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const ListPrice = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Features = styled.ul`
  padding-left: ${({ theme }) => theme.space.lg};
`;
