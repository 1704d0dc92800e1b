/**
 * My Lorebooks (product-rules.md "/my-chatbots/lorebooks"): local search, sort Latest/Oldest/Name,
 * cards with Edit and Remove ('Lorebook removed'), and Create Lorebook.
 */
import { useState } from 'react';
import type { LorebookSummary } from '#shared/schemas/lorebook';
import {
  ChoiceSelect,
  CreateLink,
  EditAndRemove,
  Muted,
  OwnedCard,
  OwnedGrid,
  OwnedListControls,
  OwnedListHeader,
  OwnedListPage,
  RemoveDialog,
} from '../../../components/owned-list';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { useRemoval } from '../../../lib/use-removal';
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
  const [version, setVersion] = useState(0);
  const list = useQuery(`lorebooks:${memberId}:${String(version)}`, (signal) =>
    fetchMyLorebooks(api, signal),
  );
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LorebookSort>('Latest');
  const removal = useRemoval<LorebookSummary>({
    remove: (book) => removeBook(api, book.id),
    removedText: 'Lorebook removed',
    onRemoved: () => {
      setVersion((v) => v + 1);
    },
  });

  const shown = list.status === 'success' ? viewLorebooks(list.data, search, sort) : [];
  return (
    <OwnedListPage>
      <OwnedListHeader title="My Lorebooks">
        <CreateLink href={paths.lorebookCreate.build()}>Create Lorebook</CreateLink>
      </OwnedListHeader>
      <OwnedListControls searchLabel="Search your lorebooks" search={search} onSearch={setSearch}>
        <ChoiceSelect label="Sort" value={sort} options={lorebookSorts} onChange={setSort} />
      </OwnedListControls>
      {list.status === 'loading' && <Spinner label="Loading lorebooks" />}
      {list.status === 'error' && (
        <ErrorState message={errorText(list.error)} onRetry={list.retry} />
      )}
      {list.status === 'success' && shown.length === 0 && (
        <EmptyState title="No Results Found">
          <CreateLink href={paths.lorebookCreate.build()}>Create Lorebook</CreateLink>
        </EmptyState>
      )}
      <OwnedGrid aria-label="Lorebooks">
        {shown.map((book) => (
          <OwnedCard
            key={book.id}
            href={paths.lorebook.build(book.id)}
            picture={{ src: book.avatarUrl, name: book.name }}
            name={book.name}
            lines={
              <>
                <Muted>{book.description}</Muted>
                <Muted>{book.numEntries}/100 entries</Muted>
              </>
            }
            actions={
              <EditAndRemove
                editHref={paths.lorebookEdit.build(book.id)}
                name={book.name}
                removeLabel="Remove"
                onRemove={() => {
                  removal.ask(book);
                }}
              />
            }
          />
        ))}
      </OwnedGrid>
      <RemoveDialog removal={removal} title="Remove lorebook" confirmLabel="Remove">
        {(book) => `Remove “${book.name}”? Chatbots carrying it lose it.`}
      </RemoveDialog>
    </OwnedListPage>
  );
}
