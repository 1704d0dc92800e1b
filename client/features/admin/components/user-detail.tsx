/**
 * One member for an admin: account facts, role change, active restrictions (set and lift) and the
 * audit trail. Each change answers with the new state at once; the audit trail is refetched after it.
 */
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { AdminUser, AdminUserDetail } from '#shared/api/admin';
import { paths } from '../../../lib/paths';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadUser } from '../api';
import { lastSearchAtom } from '../atoms';
import { formatDateTime, roleLabels } from '../labels';
import { Section, SectionTitle, Wrap } from './admin-styles';
import { AuditTrail } from './audit-trail';
import { Restrictions } from './restrictions';
import { RoleForm } from './role-form';

export function UserDetail({ id }: { id: string }) {
  const { api } = useServices();
  const query = useQuery(`admin-user:${id}`, (signal) => loadUser(api, id, signal));
  return (
    <>
      <BackToSearch />
      {query.status === 'loading' && <Spinner label="Loading member" />}
      {query.status === 'error' &&
        (query.error.code === 'user_not_found' || query.error.code === 'validation_failed' ? (
          <EmptyState title="Member not found">
            <p>No member has this id.</p>
          </EmptyState>
        ) : (
          <ErrorState message={errorText(query.error)} onRetry={query.retry} />
        ))}
      {query.status === 'success' && <Loaded key={id} initial={query.data} />}
    </>
  );
}

function BackToSearch() {
  const lastSearch = useAtomValue(lastSearchAtom);
  return <Back href={paths.admin.build(lastSearch)}>← Back to search</Back>;
}

function Loaded({ initial }: { initial: AdminUserDetail }) {
  const { api } = useServices();
  const [user, setUser] = useState(initial);

  /** Takes a change's answer at once, then refetches quietly for the new audit entry. */
  const applyChange = (change: (current: AdminUserDetail) => AdminUserDetail) => {
    setUser(change);
    loadUser(api, initial.id).then(setUser, () => {
      // The change itself succeeded; a stale trail until the next visit is acceptable.
    });
  };
  const onUser = (next: AdminUser) => {
    applyChange((current) => ({ ...current, ...next }));
  };

  const title = user.email ?? user.username ?? user.id;
  return (
    <Stack>
      <header>
        <Title>
          <Wrap>{title}</Wrap>
        </Title>
        <Meta>
          {roleLabels[user.role]} · joined {formatDateTime(user.createdAt)}
        </Meta>
      </header>

      <Section aria-labelledby="admin-account-title">
        <SectionTitle id="admin-account-title">Account</SectionTitle>
        <Facts>
          <dt>Email</dt>
          <dd>
            <Wrap>{user.email ?? '—'}</Wrap>
          </dd>
          <dt>Username</dt>
          <dd>
            <Wrap>{user.username === null ? '—' : `@${user.username}`}</Wrap>
          </dd>
          <dt>Display name</dt>
          <dd>
            <Wrap>{user.name ?? '—'}</Wrap>
          </dd>
          <dt>Id</dt>
          <dd>
            <Mono>{user.id}</Mono>
          </dd>
        </Facts>
      </Section>

      <RoleForm user={user} onChanged={onUser} />
      <Restrictions
        user={user}
        onSet={(restriction) => {
          applyChange((current) => ({
            ...current,
            restrictions: [...current.restrictions, restriction],
          }));
        }}
        onLifted={(restriction) => {
          applyChange((current) => ({
            ...current,
            restrictions: current.restrictions.filter((r) => r.id !== restriction.id),
          }));
        }}
      />
      <AuditTrail entries={user.audit} />
    </Stack>
  );
}

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Meta = styled.p`
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: max-content 1fr;
    column-gap: ${({ theme }) => theme.space.xl};

    dd {
      margin: 0;
    }
  }
`;

const Mono = styled.code`
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.sm};
`;
