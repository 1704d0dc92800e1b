/**
 * Active restrictions (product-core.md §4, "Account restriction") with a Lift button each, and the
 * Set restriction dialog. Lifting asks for confirmation; focus then returns to the section heading.
 */
import { useRef, useState } from 'react';
import styled from 'styled-components';
import type { AdminUser } from '#shared/api/admin';
import type { Restriction } from '#shared/schemas/restriction';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { liftRestriction } from '../api';
import { formatDateTime, restrictionDescriptions, restrictionLabels } from '../labels';
import { Badge, ErrorText, Note, Section, SectionTitle, SuccessText } from './admin-styles';
import { SetRestrictionDialog } from './set-restriction-dialog';

export function Restrictions({
  user,
  onSet,
  onLifted,
}: {
  user: AdminUser;
  onSet: (restriction: Restriction) => void;
  onLifted: (restriction: Restriction) => void;
}) {
  const { api } = useServices();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [isSetting, setIsSetting] = useState(false);
  const [lifting, setLifting] = useState<Restriction | null>(null);
  const [isLifting, setIsLifting] = useState(false);
  const [liftError, setLiftError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const lift = (restriction: Restriction) => {
    setIsLifting(true);
    setLiftError(null);
    liftRestriction(api, user.id, restriction.id).then(
      (lifted) => {
        setIsLifting(false);
        setLifting(null);
        setDone(`${restrictionLabels[lifted.type]} lifted.`);
        onLifted(lifted);
      },
      (err: unknown) => {
        setIsLifting(false);
        setLiftError(errorText(toApiError(err)));
      },
    );
  };

  return (
    <Section aria-labelledby="admin-restrictions-title">
      <TitleRow>
        <SectionTitle id="admin-restrictions-title" ref={headingRef} tabIndex={-1}>
          Restrictions
        </SectionTitle>
        <Button
          $variant="danger"
          $size="sm"
          onClick={() => {
            setDone('');
            setIsSetting(true);
          }}
        >
          Set restriction
        </Button>
      </TitleRow>
      {user.restrictions.length === 0 ? (
        <Note>No active restrictions.</Note>
      ) : (
        <List aria-label="Active restrictions">
          {user.restrictions.map((r) => (
            <Item key={r.id}>
              <ItemText>
                <Badge $tone="danger">{restrictionLabels[r.type]}</Badge>
                <span>
                  {r.expiresAt === null ? (
                    'Permanent'
                  ) : (
                    <>
                      Ends <time dateTime={r.expiresAt}>{formatDateTime(r.expiresAt)}</time>
                    </>
                  )}
                  {' · set '}
                  <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                </span>
                <Reason>Reason: {r.reason}</Reason>
              </ItemText>
              <Button
                $size="sm"
                aria-label={`Lift ${restrictionLabels[r.type]}`}
                onClick={() => {
                  setDone('');
                  setLiftError(null);
                  setLifting(r);
                }}
              >
                Lift
              </Button>
            </Item>
          ))}
        </List>
      )}
      <SuccessText role="status">{done}</SuccessText>

      {isSetting && (
        <SetRestrictionDialog
          userId={user.id}
          onClose={() => {
            setIsSetting(false);
          }}
          onSet={(restriction) => {
            setIsSetting(false);
            setDone(`${restrictionLabels[restriction.type]} set.`);
            onSet(restriction);
          }}
        />
      )}
      {lifting !== null && (
        <Modal
          title="Lift restriction?"
          returnFocusRef={headingRef}
          onClose={() => {
            if (!isLifting) setLifting(null);
          }}
          actions={
            <>
              <Button
                disabled={isLifting}
                onClick={() => {
                  setLifting(null);
                }}
              >
                Cancel
              </Button>
              <Button
                $variant="primary"
                disabled={isLifting}
                aria-busy={isLifting}
                onClick={() => {
                  lift(lifting);
                }}
              >
                {isLifting ? 'Lifting…' : 'Lift'}
              </Button>
            </>
          }
        >
          <p>
            Lift the {restrictionLabels[lifting.type]} of{' '}
            <strong>{user.email ?? user.username ?? 'this member'}</strong>? It applies to their
            next request.
          </p>
          <p>{restrictionDescriptions[lifting.type]}</p>
          {liftError !== null && <ErrorText role="alert">{liftError}</ErrorText>}
        </Modal>
      )}
    </Section>
  );
}

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const ItemText = styled.div`
  display: flex;
  flex: 1 1 240px;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Reason = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;
