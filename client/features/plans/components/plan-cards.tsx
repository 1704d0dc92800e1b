/**
 * The plan cards of one billing period (product-rules.md §3 "Plan"): name, price and per-month figure,
 * the list price struck through, the annual tagline, what the plan includes, and Choose Plan. The
 * highlighted plan is marked Most Popular.
 */
import styled from 'styled-components';
import { formatPrice } from '#shared/rules/plans';
import type { Plan } from '#shared/schemas/billing';
import { Button } from '../../../components/button';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { perMonth } from '../catalog';

interface PlanCardsProps {
  plans: readonly Plan[];
  highlightedPlanId: string | null;
  onChoose: (plan: Plan) => void;
}

export function PlanCards({ plans, highlightedPlanId, onChoose }: PlanCardsProps) {
  return (
    <Grid role="list">
      {plans.map((plan) => {
        const isHighlighted = plan.planId === highlightedPlanId;
        const headingId = `plan-${plan.planId}`;
        return (
          <Card
            key={plan.planId}
            role="listitem"
            aria-labelledby={headingId}
            $isHighlighted={isHighlighted}
          >
            {isHighlighted && <Badge>Most Popular</Badge>}
            <h2 id={headingId}>{plan.name}</h2>
            <Price>
              <Amount>{formatPrice(plan.price, plan.currency)}</Amount>
              <span>{plan.period === 'annual' ? ' / year' : ' / month'}</span>
              {plan.listPrice !== null && (
                <ListPrice>
                  {' '}
                  <s>{formatPrice(plan.listPrice, plan.currency)}</s>
                  <VisuallyHidden> before the discount</VisuallyHidden>
                </ListPrice>
              )}
            </Price>
            {plan.period === 'annual' && (
              <Muted>
                {formatPrice(perMonth(plan), plan.currency)} per month
                {plan.annualTagline !== null && ` · ${plan.annualTagline}`}
              </Muted>
            )}
            <Features>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </Features>
            <Choose
              $variant={isHighlighted ? 'primary' : 'secondary'}
              onClick={() => {
                onChoose(plan);
              }}
            >
              Choose Plan<VisuallyHidden> {plan.name}</VisuallyHidden>
            </Choose>
          </Card>
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.cardMinWidth}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Card = styled.section<{ $isHighlighted: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ $isHighlighted, theme }) => ($isHighlighted ? '2px' : theme.size.border)} solid
    ${({ $isHighlighted, theme }) => ($isHighlighted ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Badge = styled.p`
  align-self: flex-start;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Price = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Amount = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const ListPrice = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Features = styled.ul`
  flex: 1;
  padding-left: ${({ theme }) => theme.space.lg};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;

const Choose = styled(Button)`
  width: 100%;
`;
