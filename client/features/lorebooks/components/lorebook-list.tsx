/**
 * My Lorebooks (product-rules.md "/my-chatbots/lorebooks"): local search, sort Latest/Oldest/Name,
 * cards with Edit and Remove ('Lorebook removed'), and Create Lorebook.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { LorebookSummary } from '#shared/schemas/lorebook';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Input, Select } from '../../../components/form-controls';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { fetchMyLorebooks, removeBook } from '../api';

export const lorebookSorts = ['Latest', 'Oldest', 'Name'] as const;
export type LorebookSort = (typeof lorebookSorts)[number];

/** The books matching `search` (name or description, ignoring case) in the chosen order. */
export function viewLorebooks(
  items: readonly LorebookSummary[],
  search: string,
  sort: LorebookSort,
): LorebookSummary[] {
  const q = search.trim().toLowerCase();
  const found = items.filter(
    (b) => q === '' || b.name.toLowerCase().includes(q) || b.description.toLowerCase().includes(q),
  );
  const byTime = (a: LorebookSummary, b: LorebookSummary) => a.createdAt.localeCompare(b.createdAt);
  switch (sort) {
    case 'Latest':
      return found.sort((a, b) => byTime(b, a));
    case 'Oldest':
      return found.sort(byTime);
    case 'Name':
      return found.sort((a, b) => a.name.localeCompare(b.name));
  }
}

export function LorebookList({ memberId }: { memberId: string }) {
  const { api } = useServices();
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const list = useQuery(`lorebooks:${memberId}:${String(version)}`, (signal) =>
    fetchMyLorebooks(api, signal),
  );
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LorebookSort>('Latest');
  const [removing, setRemoving] = useState<LorebookSummary | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const remove = async (book: LorebookSummary) => {
    setIsBusy(true);
    try {
      await removeBook(api, book.id);
      toast('Lorebook removed');
      setVersion((v) => v + 1);
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
    } finally {
      setIsBusy(false);
      setRemoving(null);
    }
  };

  const shown = list.status === 'success' ? viewLorebooks(list.data, search, sort) : [];
  return (
    <Wrapper>
      <Header>
        <h1>My Lorebooks</h1>
        <Link href={paths.lorebookCreate.build()} asChild>
          <CreateLink>Create Lorebook</CreateLink>
        </Link>
      </Header>
      <Controls role="search">
        <Input
          type="search"
          aria-label="Search your lorebooks"
          placeholder="Search your lorebooks..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
          }}
        />
        <Select
          aria-label="Sort"
          value={sort}
          onChange={(e) => {
            const next = lorebookSorts.find((s) => s === e.target.value);
            if (next) setSort(next);
          }}
        >
          {lorebookSorts.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Controls>
      {list.status === 'loading' && <Spinner label="Loading lorebooks" />}
      {list.status === 'error' && (
        <ErrorState message={errorText(list.error)} onRetry={list.retry} />
      )}
      {list.status === 'success' && shown.length === 0 && (
        <EmptyState title="No Results Found">
          <Link href={paths.lorebookCreate.build()} asChild>
            <CreateLink>Create Lorebook</CreateLink>
          </Link>
        </EmptyState>
      )}
      <Grid aria-label="Lorebooks">
        {shown.map((book) => (
          <BookCard key={book.id}>
            <Link href={paths.lorebook.build(book.id)} asChild>
              <CardLink>
                <Avatar src={book.avatarUrl} name={book.name} alt="" />
                <div>
                  <strong>{book.name}</strong>
                  <Muted>{book.description}</Muted>
                  <Muted>{book.numEntries}/100 entries</Muted>
                </div>
              </CardLink>
            </Link>
            <CardButtons>
              <Link href={paths.lorebookEdit.build(book.id)} asChild>
                <EditLink aria-label={`Edit ${book.name}`}>Edit</EditLink>
              </Link>
              <Button
                $variant="ghost"
                aria-label={`Remove ${book.name}`}
                onClick={() => {
                  setRemoving(book);
                }}
              >
                Remove
              </Button>
            </CardButtons>
          </BookCard>
        ))}
      </Grid>
      {removing !== null && (
        <ConfirmDialog
          title="Remove lorebook"
          confirmLabel="Remove"
          isBusy={isBusy}
          onConfirm={() => void remove(removing)}
          onCancel={() => {
            setRemoving(null);
          }}
        >
          Remove “{removing.name}”? Chatbots carrying it lose it.
        </ConfirmDialog>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const CreateLink = styled.a`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
`;

const Controls = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.cardMinWidth}, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const BookCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const CardLink = styled.a`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  color: inherit;
  text-decoration: none;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const CardButtons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;

const EditLink = styled.a`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
