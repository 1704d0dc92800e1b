/**
 * The success page's body (product-rules.md §2 /checkout/success): 'Thank you for your purchase!', the
 * order's payment details, and Start Chatting. While the gateway still confirms the payment, it says so.
 */
import { Link } from 'wouter';
import styled from 'styled-components';
import { formatPrice } from '#shared/rules/plans';
import type { Order } from '#shared/schemas/billing';
import { ButtonAnchor } from '../../../components/button';
import { paths } from '../../../lib/paths';

export function PurchaseDetails({ order }: { order: Order }) {
  if (order.status === 'failed') {
    return (
      <Panel>
        <h1>The payment was not completed</h1>
        {order.errorMessage !== null && <p role="alert">{order.errorMessage}</p>}
        <Link href={paths.checkout.build({ planId: order.planId })}>Back to checkout</Link>
      </Panel>
    );
  }
  const isPaid = order.status === 'paid';
  return (
    <Panel>
      <h1>Thank you for your purchase!</h1>
      {!isPaid && <p role="status">Your payment is being confirmed…</p>}
      <Details aria-label="Payment details">
        <Row>
          <dt>Plan</dt>
          <dd>{order.planName}</dd>
        </Row>
        <Row>
          <dt>Order total</dt>
          <dd>{formatPrice(order.orderTotal, order.currency)}</dd>
        </Row>
        <Row>
          <dt>Order ID</dt>
          <dd>{order.orderId}</dd>
        </Row>
        {order.transactionId !== null && (
          <Row>
            <dt>Transaction ID</dt>
            <dd>{order.transactionId}</dd>
          </Row>
        )}
        {order.paidAt !== null && (
          <Row>
            <dt>Date</dt>
            <dd>
              <time dateTime={order.paidAt}>
                {new Date(order.paidAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
              </time>
            </dd>
          </Row>
        )}
      </Details>
      <Link href={paths.home.build()} asChild>
        <ButtonAnchor $variant="primary">Start Chatting</ButtonAnchor>
      </Link>
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const Details = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
    text-align: right;
  }
`;
