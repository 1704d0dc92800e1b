/** The plan comparison (product-rules.md §2 /plan-comparison): one column per plan, a row per feature. */
import styled from 'styled-components';
import { formatPrice } from '#shared/rules/plans';
import type { Plan } from '#shared/schemas/billing';
import { featureTable } from '../catalog';

export function PlanComparisonTable({ plans }: { plans: readonly Plan[] }) {
  const rows = featureTable(plans);
  return (
    <Scroll>
      <Table>
        <caption>Compare Plans</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((plan) => (
              <th key={plan.planId} scope="col">
                {plan.name}
                <Price>
                  {formatPrice(plan.price, plan.currency)}
                  {plan.period === 'annual' ? ' / year' : ' / month'}
                </Price>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{row.feature}</th>
              {row.included.map((isIncluded, index) => (
                <td key={plans[index]?.planId ?? index}>
                  {isIncluded ? (
                    <span role="img" aria-label="Included">
                      ✓
                    </span>
                  ) : (
                    <span role="img" aria-label="Not included">
                      —
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.color.surface};

  caption {
    padding: ${({ theme }) => theme.space.sm} 0;
    font-weight: ${({ theme }) => theme.font.weight.bold};
    text-align: left;
  }

  th,
  td {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: top;
  }

  td {
    text-align: center;
  }
`;

const Price = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.regular};
`;
