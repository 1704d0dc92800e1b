/**
 * The member's card subscription (product-rules.md §3 "Subscription (portal)", §4 "Subscription"):
 * plan, status, billing cycle, the next charge or the end of access, the card on file, and the actions
 * its state allows. Active: Change plan, Change card, Cancel (confirmed). Cancelled: access until
 * recurAt and Uncancel; Change plan disabled. Grace: the payment-failed note and Pay amount due.
 * Expired: only Choose Plan & Reactivate. Cancel, Change plan and Change card are hidden when the card
 * is deleted or expired. Each action shows its progress and, on failure, the server's message, keeping
 * the page as it was; a success shows the server's message and reloads the subscription.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { Subscription, SubscriptionStatus } from '#shared/schemas/billing';
import { Button, ButtonAnchor } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError } from '../../../components/form-controls';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { act, attemptKey, type ActionOutcome } from '../api';
import { formatDate, formatPlanPrice, formatPrice } from '../format';
import { ChangeCardDialog } from './change-card';
import { ChangePlanDialog } from './change-plan';
import { VerifyFrame } from './verify-frame';

const statusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  grace: 'Payment failed',
  expired: 'Expired',
};

type Dialog = 'cancel' | 'plan' | 'card' | null;
type Running = 'cancel' | 'uncancel' | 'rebill' | null;

export function PortalView({
  subscription,
  reactivatePath,
  onChanged,
}: {
  subscription: Subscription;
  /** Where Choose Plan & Reactivate leads: checkout for the plan that ended. */
  reactivatePath: string;
  /** After a successful action: reload the subscription and refresh the session (its role). */
  onChanged: () => void;
}) {
  const { api } = useServices();
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [running, setRunning] = useState<Running>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rebillError, setRebillError] = useState<string | null>(null);
  const [rebillKey, setRebillKey] = useState(attemptKey);
  const [verifyUrl, setVerifyUrl] = useState<string | null>(null);
  const s = subscription;
  const status = s.subscriptionStatus;
  const target = { orderId: s.orderId, subscriptionId: s.subscriptionId };

  const done = (outcome: ActionOutcome) => {
    setDialog(null);
    setError(null);
    setNotice(outcome.message);
    if (outcome.iframe3dsUrl !== null) setVerifyUrl(outcome.iframe3dsUrl);
    onChanged();
  };

  const run = async (kind: Exclude<Running, null>) => {
    setRunning(kind);
    setError(null);
    setNotice(null);
    try {
      const outcome =
        kind === 'rebill'
          ? await act(api, { ...target, action: 'charge_rebill', idempotencyKey: rebillKey })
          : await act(api, { ...target, action: kind });
      if (kind === 'rebill') {
        setRebillError(null);
        setRebillKey(attemptKey());
      }
      done(outcome);
    } catch (err) {
      const text = errorText(toApiError(err));
      // A rebill failure's message replaces the payment-failed note (product-rules.md §8).
      if (kind === 'rebill') setRebillError(text);
      else setError(text);
      if (kind === 'cancel') setDialog(null);
    } finally {
      setRunning(null);
    }
  };

  const canManageCard = !s.isCardDeleted && status !== 'expired';
  const dateLine: ReactNode =
    status === 'active' ? (
      <Row term={s.autoRenews ? 'Next charge' : 'Ends on'}>
        {formatDate(s.recurAt)}
        {s.autoRenews && ` · ${formatPrice(s.currentProduct.price, s.currentProduct.currency)}`}
      </Row>
    ) : status === 'cancelled' ? (
      <Row term="Access until">{formatDate(s.recurAt)}</Row>
    ) : status === 'grace' ? (
      <Row term="Pay by">{formatDate(s.graceUntil ?? s.recurAt)}</Row>
    ) : (
      <Row term="Ended on">{formatDate(s.recurAt)}</Row>
    );

  return (
    <Panel aria-labelledby={headingId}>
      <Header>
        <h2 id={headingId}>{s.currentProduct.name}</h2>
        <Badge $status={status}>{statusLabels[status]}</Badge>
      </Header>
      <Details>
        <Row term="Plan">
          {s.currentProduct.name} ·{' '}
          {formatPlanPrice(
            s.currentProduct.price,
            s.currentProduct.currency,
            s.currentProduct.period,
          )}
        </Row>
        <Row term="Billing cycle">{s.frequency}</Row>
        {dateLine}
        {s.nextProduct !== null && status === 'active' && (
          <Row term="Next plan">
            {s.nextProduct.name} from {formatDate(s.recurAt)}
          </Row>
        )}
        <Row term="Card">
          {s.creditCard === null ? (
            'No card on file'
          ) : (
            <span>
              <CardBrand>{s.creditCard.type}</CardBrand> ending in {s.creditCard.last4} · expires{' '}
              {s.creditCard.exp}
            </span>
          )}
          {s.isCardDeleted && s.creditCard !== null && ' (no longer usable)'}
        </Row>
      </Details>

      {status === 'cancelled' && (
        <Note>Your plan is not renewed. Uncancel before {formatDate(s.recurAt)} to keep it.</Note>
      )}
      {status === 'grace' && (
        <Note $tone="bad" role={rebillError === null ? undefined : 'alert'}>
          {rebillError ??
            `Your last payment failed. Pay the amount due${
              s.amountDue === null
                ? ''
                : ` (${formatPrice(s.amountDue, s.currentProduct.currency)})`
            } by ${formatDate(s.graceUntil ?? s.recurAt)} to keep your plan.`}
        </Note>
      )}
      {status === 'expired' && <Note>Your subscription has ended.</Note>}

      <Buttons>
        {status === 'expired' && (
          <Link href={reactivatePath} asChild>
            <ButtonAnchor $variant="primary">Choose Plan &amp; Reactivate</ButtonAnchor>
          </Link>
        )}
        {status === 'grace' && (
          <Button
            $variant="primary"
            disabled={running !== null}
            aria-busy={running === 'rebill'}
            onClick={() => {
              void run('rebill');
            }}
          >
            {running === 'rebill' ? 'Paying…' : 'Pay amount due'}
          </Button>
        )}
        {status === 'cancelled' && (
          <Button
            $variant="primary"
            disabled={running !== null}
            aria-busy={running === 'uncancel'}
            onClick={() => {
              void run('uncancel');
            }}
          >
            {running === 'uncancel' ? 'Resuming…' : 'Uncancel'}
          </Button>
        )}
        {canManageCard && status !== 'grace' && (
          <Button
            disabled={status !== 'active' || running !== null}
            title={status === 'active' ? undefined : 'Uncancel to change your plan'}
            onClick={() => {
              setDialog('plan');
            }}
          >
            Change plan
          </Button>
        )}
        {canManageCard && (
          <Button
            disabled={running !== null}
            onClick={() => {
              setDialog('card');
            }}
          >
            Change card
          </Button>
        )}
        {canManageCard && status === 'active' && s.autoRenews && (
          <Button
            $variant="danger"
            disabled={running !== null}
            onClick={() => {
              setDialog('cancel');
            }}
          >
            Cancel subscription
          </Button>
        )}
      </Buttons>
      {error !== null && <FieldError role="alert">{error}</FieldError>}
      <Notice role="status">{notice}</Notice>

      {dialog === 'cancel' && (
        <ConfirmDialog
          title="Cancel subscription"
          confirmLabel={running === 'cancel' ? 'Cancelling…' : 'Cancel subscription'}
          isBusy={running === 'cancel'}
          onCancel={() => {
            setDialog(null);
          }}
          onConfirm={() => {
            void run('cancel');
          }}
        >
          <p>
            Your plan stays until {formatDate(s.recurAt)} and is not renewed after that. You can
            uncancel before then.
          </p>
        </ConfirmDialog>
      )}
      {dialog === 'plan' && (
        <ChangePlanDialog
          subscription={s}
          onClose={() => {
            setDialog(null);
          }}
          onChanged={done}
        />
      )}
      {dialog === 'card' && (
        <ChangeCardDialog
          subscription={s}
          onClose={() => {
            setDialog(null);
          }}
          onChanged={done}
        />
      )}
      {verifyUrl !== null && (
        <VerifyFrame
          url={verifyUrl}
          onClose={() => {
            setVerifyUrl(null);
            onChanged();
          }}
          onDone={(failure) => {
            setVerifyUrl(null);
            if (failure === null) setNotice('Payment confirmed.');
            else setError(failure);
            onChanged();
          }}
        />
      )}
    </Panel>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <RowBox>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </RowBox>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  width: 100%;
  max-width: 640px;
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Badge = styled.span<{ $status: SubscriptionStatus }>`
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $status }) =>
    $status === 'active'
      ? theme.color.chip
      : $status === 'grace'
        ? theme.color.dangerSurface
        : theme.color.surfaceAlt};
  color: ${({ theme, $status }) =>
    $status === 'active'
      ? theme.color.onChip
      : $status === 'grace'
        ? theme.color.danger
        : theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Details = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
`;

const RowBox = styled.div`
  display: grid;
  grid-template-columns: 9rem 1fr;
  gap: ${({ theme }) => theme.space.sm};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
  }

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: 1fr;
    gap: 0;
  }
`;

const CardBrand = styled.span`
  text-transform: capitalize;
`;

const Note = styled.p<{ $tone?: 'bad' }>`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) =>
    $tone === 'bad' ? theme.color.dangerSurface : theme.color.surfaceAlt};
  color: ${({ theme, $tone }) => ($tone === 'bad' ? theme.color.danger : theme.color.text)};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Notice = styled.p`
  color: ${({ theme }) => theme.color.text};

  /* Empty, the live region stays in the page but takes no room in the column. */
  &:empty {
    position: absolute;
  }
`;
