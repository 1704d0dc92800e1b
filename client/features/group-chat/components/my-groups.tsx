/**
 * My Group Chats (/my-chatbots/groupchats) and the group drafts (/groupchat/drafts), product-rules.md
 * §2: search, filter, sort (Latest, Oldest, Top rated, Name), a drafts card, cards with Edit and
 * Delete (delete_character; a delete asks first). Moderation as in My Chatbots (product-core.md §4):
 * the card labels, fix_required first then those in review, 'Fix Me' to the form, no Edit while in
 * review, and a group in manual review greyed out and not clickable.
 */
import { useState, type ReactNode } from 'react';
import type { OwnGroupSummary } from '#shared/api/authoring';
import {
  characterLabel,
  isEditLocked,
  matchesOwnedFilter,
  moderationRank,
  type OwnedListFilter,
} from '#shared/rules/moderation';
import {
  CardButton,
  CardLink,
  DraftsCard,
  EditAndRemove,
  Muted,
  OwnedCard,
  OwnedGrid,
  OwnedListHeader,
  OwnedListPage,
  useOwnedListTop,
  RemoveDialog,
  StatusLabel,
} from '../../../components/owned-list';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { useRemoval } from '../../../lib/use-removal';
import { fetchOwnGroups, removeGroup } from '../api';
import { draftName, listGroupDrafts, removeGroupDraft } from '../drafts';

const sorts = ['Latest', 'Oldest', 'Top rated', 'Name'] as const;
type Sort = (typeof sorts)[number];
/** The groups to show, in My Chatbots' order: fix_required, then in review, then the rest. */
function view(
  items: OwnGroupSummary[],
  q: string,
  filter: OwnedListFilter,
  sort: Sort,
): OwnGroupSummary[] {
  const found = items.filter(
    (g) => g.name.toLowerCase().includes(q.trim().toLowerCase()) && matchesOwnedFilter(g, filter),
  );
  const by: Record<Sort, (a: OwnGroupSummary, b: OwnGroupSummary) => number> = {
    Latest: (a, b) => b.createdAt.localeCompare(a.createdAt),
    Oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
    'Top rated': (a, b) => b.ratingScore - a.ratingScore,
    Name: (a, b) => a.name.localeCompare(b.name),
  };
  return [...found].sort(
    (a, b) =>
      moderationRank(a.moderationStatus) - moderationRank(b.moderationStatus) || by[sort](a, b),
  );
}

const texts = {
  title: 'My Group Chats',
  createLabel: 'Create Group',
  searchLabel: 'Search your group chats',
};

export function MyGroups({
  memberId,
  renderRestricted,
}: {
  memberId: string;
  /** The Restricted! dialog, for a delete without delete_character (product-rules.md §6). */
  renderRestricted: (onClose: () => void) => ReactNode;
}) {
  const { api } = useServices();
  const [reload, setReload] = useState(0);
  const [isRestricted, setIsRestricted] = useState(false);
  const groups = useQuery(`groups:${String(reload)}`, (signal) => fetchOwnGroups(api, signal));
  const list = useOwnedListTop(texts, paths.groupCreate.build(), sorts, 'Latest');
  const removal = useRemoval<OwnGroupSummary>({
    remove: (group) => removeGroup(api, group.id),
    removedText: 'Group deleted',
    onRemoved: () => {
      setReload((n) => n + 1);
    },
    onRestricted: () => {
      setIsRestricted(true);
    },
  });
  const drafts = listGroupDrafts(memberId);

  return (
    <OwnedListPage>
      {list.top}
      <DraftsCard
        href={paths.groupDrafts.build()}
        pictures={drafts.map((d) => ({ id: d.id, src: d.values.avatarUrl, name: draftName(d) }))}
      >
        Drafts ({drafts.length})
      </DraftsCard>
      {groups.status === 'loading' && <Spinner label="Loading group chats" />}
      {groups.status === 'error' && (
        <ErrorState message={errorText(groups.error)} onRetry={groups.retry} />
      )}
      {groups.status === 'success' &&
        (() => {
          const shown = view(groups.data, list.search, list.filter, list.sort);
          if (shown.length === 0) {
            return (
              <EmptyState title="No Results Found">Create a group chat to see it here.</EmptyState>
            );
          }
          return (
            <OwnedGrid aria-label="Group chats">
              {shown.map((g) => (
                <GroupCard
                  key={g.id}
                  group={g}
                  onRemove={() => {
                    removal.ask(g);
                  }}
                />
              ))}
            </OwnedGrid>
          );
        })()}
      <RemoveDialog removal={removal} title="Delete group chat" confirmLabel="Delete">
        {(group) => `Delete ${group.name} and its chats? Its member chatbots stay.`}
      </RemoveDialog>
      {isRestricted &&
        renderRestricted(() => {
          setIsRestricted(false);
        })}
    </OwnedListPage>
  );
}

/**
 * A group's card: its members and label; Edit, or Fix Me when the review asks for a fix, or neither
 * while it is in review; Delete always. In manual review it is greyed out and does not open.
 */
function GroupCard({ group, onRemove }: { group: OwnGroupSummary; onRemove: () => void }) {
  const status = group.moderationStatus;
  const editHref = paths.groupEdit.build(group.id);
  const remove = (
    <CardButton label={`Delete ${group.name}`} onClick={onRemove}>
      Delete
    </CardButton>
  );
  return (
    <OwnedCard
      href={status === 'manual_review_required' ? null : paths.groupChat.build(group.id)}
      picture={{ src: group.avatarUrl, name: group.name }}
      name={group.name}
      lines={
        <>
          <Muted>
            {group.group.members.map((m) => m.name).join(', ')}
            {!group.group.isAvailable && ' · Group unavailable'}
          </Muted>
          <StatusLabel label={characterLabel(status, group.visibility)} />
        </>
      }
      actions={
        status === 'fix_required' ? (
          <>
            <CardLink href={editHref} label={`Fix Me: ${group.name}`}>
              Fix Me
            </CardLink>
            {remove}
          </>
        ) : isEditLocked(status) ? (
          remove
        ) : (
          <EditAndRemove
            editHref={editHref}
            name={group.name}
            removeLabel="Delete"
            onRemove={onRemove}
          />
        )
      }
    />
  );
}

export function GroupDraftList({ memberId }: { memberId: string }) {
  const toast = useToast();
  const [drafts, setDrafts] = useState(() => listGroupDrafts(memberId));
  /** The browser may refuse the write (storage full or turned off): the draft stays and says so. */
  const remove = (draftId: string) => {
    try {
      removeGroupDraft(memberId, draftId);
      setDrafts(listGroupDrafts(memberId));
    } catch {
      toast('Oops. Something went wrong', 'error');
    }
  };
  return (
    <OwnedListPage>
      <OwnedListHeader title="Group Drafts" />
      {drafts.length === 0 ? (
        <EmptyState title="No Results Found">Save a draft from Create Group.</EmptyState>
      ) : (
        <OwnedGrid aria-label="Group drafts">
          {drafts.map((d) => (
            <OwnedCard
              key={d.id}
              href={paths.groupDraft.build(d.id)}
              picture={{ src: d.values.avatarUrl, name: draftName(d) }}
              name={draftName(d)}
              lines={<Muted>{d.values.title}</Muted>}
              actions={
                <CardButton label={`Remove draft ${draftName(d)}`} onClick={() => remove(d.id)}>
                  Remove
                </CardButton>
              }
            />
          ))}
        </OwnedGrid>
      )}
    </OwnedListPage>
  );
}
