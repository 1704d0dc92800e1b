/**
 * The paid plans (product-rules.md §6 and §9): name, monthly and annual price, and what each adds to
 * the plan below it. Informational only: there is no checkout yet, so no buy buttons.
 */
import styled from 'styled-components';
import { formatPrice, plans } from '#shared/rules/plans';
import { VisuallyHidden } from '../../../components/visually-hidden';

export function PlanList() {
  return (
    <Grid>
      {plans.map((plan, i) => {
        const below = plans[i - 1];
        return (
          <Card key={plan.role} aria-labelledby={`plan-${plan.role}`}>
            <h2 id={`plan-${plan.role}`}>{plan.name}</h2>
            <Prices>
              {plan.monthly !== null && (
                <li>
                  <Amount>{formatPrice(plan.monthly)}</Amount> a month
                </li>
              )}
              <li>
                <Amount>{formatPrice(plan.annual.price)}</Amount> a year{' '}
                <ListPrice>
                  (<s>{formatPrice(plan.annual.listPrice)}</s>
                  <VisuallyHidden> before the annual discount</VisuallyHidden>)
                </ListPrice>
              </li>
            </Prices>
            {below !== undefined && <Includes>Everything in {below.name}, plus:</Includes>}
            <Features>
              {plan.adds.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </Features>
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

const Prices = styled.ul`
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Amount = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const ListPrice = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Includes = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Features = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.lg};
`;
