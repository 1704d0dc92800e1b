/**
 * Member search: the query lives in the URL (`/admin?q=`), so back, reload and "Back to search" show
 * the same results. Results link to the member's screen.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import type { AdminUser } from '#shared/api/admin';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { findUsers } from '../api';
import { lastSearchAtom } from '../atoms';
import { restrictionLabels, roleLabels } from '../labels';
import { Badge, Input, Label, Note, Wrap } from './admin-styles';

export function UserSearch({ query }: { query: string }) {
  const setLastSearch = useSetAtom(lastSearchAtom);

  useEffect(() => {
    setLastSearch(query);
  }, [query, setLastSearch]);

  return (
    <>
      {/* Keyed by the query, so back and forward reset the box to the search shown. */}
      <SearchBox key={query} query={query} />
      {query === '' ? null : <Results query={query} />}
    </>
  );
}

function SearchBox({ query }: { query: string }) {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(query);
  const inputId = useId();
  const noteId = useId();

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const next = draft.trim();
    if (next !== query) navigate(paths.admin.build(next));
  };

  return (
    <SearchForm role="search" aria-label="Members" onSubmit={submit}>
      <Label htmlFor={inputId}>Search members</Label>
      <Row>
        <Input
          id={inputId}
          type="search"
          value={draft}
          maxLength={320}
          autoComplete="off"
          spellCheck={false}
          placeholder="Email, username or id"
          aria-describedby={noteId}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
        />
        <Button type="submit" $variant="primary">
          Search
        </Button>
      </Row>
      <Note id={noteId}>Finds members whose email or username starts with the text, or by id.</Note>
    </SearchForm>
  );
}

function Results({ query }: { query: string }) {
  const { api } = useServices();
  const result = useQuery(`admin-search:${query}`, (signal) => findUsers(api, query, signal));

  if (result.status === 'loading') return <Spinner label="Searching" />;
  if (result.status === 'error') {
    return <ErrorState message={errorText(result.error)} onRetry={result.retry} />;
  }
  const users = result.data;
  return (
    <section aria-label="Search results">
      <ResultsTitle role="status">
        {users.length === 1 ? '1 member found' : `${String(users.length)} members found`}
      </ResultsTitle>
      {users.length === 0 ? (
        <EmptyState>
          <Note>No member&apos;s email, username or id matches “{query}”.</Note>
        </EmptyState>
      ) : (
        <List>
          {users.map((user) => (
            <li key={user.id}>
              <UserRow user={user} />
            </li>
          ))}
        </List>
      )}
    </section>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  return (
    <RowLink href={paths.adminUser.build(user.id)}>
      <Primary>
        <Wrap>{user.email ?? user.username ?? user.id}</Wrap>
      </Primary>
      <Secondary>
        {user.username === null ? 'No username yet' : <Wrap>@{user.username}</Wrap>}
      </Secondary>
      <Badges>
        <Badge>{roleLabels[user.role]}</Badge>
        {user.restrictions.map((r) => (
          <Badge key={r.id} $tone="danger">
            {restrictionLabels[r.type]}
          </Badge>
        ))}
      </Badges>
    </RowLink>
  );
}

const SearchForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};

  & > input {
    flex: 1;
    min-width: 0;
  }
`;

const ResultsTitle = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
`;

const RowLink = styled(Link)`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const Primary = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Secondary = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Badges = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
