/**
 * My Group Chats (/my-chatbots/groupchats) and the group drafts (/groupchat/drafts), product-rules.md
 * §2: search, filter, sort (Latest, Oldest, Top rated, Name), a drafts card, cards with Edit and
 * Delete (delete_character; a delete asks first).
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { OwnGroupSummary } from '#shared/api/authoring';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Input, Label, Select } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { toApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { fetchOwnGroups, removeGroup } from '../api';
import { draftName, listGroupDrafts, removeGroupDraft } from '../drafts';

const sorts = ['Latest', 'Oldest', 'Top rated', 'Name'] as const;
type Sort = (typeof sorts)[number];
const filters = ['All', 'Public', 'Private', 'Unlisted'] as const;
type Filter = (typeof filters)[number];

function view(items: OwnGroupSummary[], q: string, filter: Filter, sort: Sort): OwnGroupSummary[] {
  const wanted = { All: null, Public: 'public', Private: 'private', Unlisted: 'hidden' }[filter];
  const found = items.filter(
    (g) =>
      g.name.toLowerCase().includes(q.trim().toLowerCase()) &&
      (wanted === null || g.visibility === wanted),
  );
  const by: Record<Sort, (a: OwnGroupSummary, b: OwnGroupSummary) => number> = {
    Latest: (a, b) => b.createdAt.localeCompare(a.createdAt),
    Oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
    'Top rated': (a, b) => b.ratingScore - a.ratingScore,
    Name: (a, b) => a.name.localeCompare(b.name),
  };
  return [...found].sort(by[sort]);
}

export function MyGroups({ memberId }: { memberId: string }) {
  const { api } = useServices();
  const id = useId();
  const toast = useToast();
  const [reload, setReload] = useState(0);
  const groups = useQuery(`groups:${String(reload)}`, (signal) => fetchOwnGroups(api, signal));
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<Filter>('All');
  const [sort, setSort] = useState<Sort>('Latest');
  const [deleting, setDeleting] = useState<OwnGroupSummary | null>(null);
  const drafts = listGroupDrafts(memberId);

  const confirmDelete = async (group: OwnGroupSummary) => {
    try {
      await removeGroup(api, group.id);
      toast('Group deleted');
      setReload((n) => n + 1);
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
    }
    setDeleting(null);
  };

  return (
    <Wrapper>
      <Header>
        <h1>My Group Chats</h1>
        <Link href={paths.groupCreate.build()}>Create Group</Link>
      </Header>
      <Controls>
        <div>
          <Label htmlFor={`${id}-q`}>Search your group chats</Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
            }}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-filter`}>Filter</Label>
          <Select
            id={`${id}-filter`}
            value={filter}
            onChange={(e) => {
              setFilter(filters.find((f) => f === e.target.value) ?? 'All');
            }}
          >
            {filters.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-sort`}>Sort</Label>
          <Select
            id={`${id}-sort`}
            value={sort}
            onChange={(e) => {
              setSort(sorts.find((s) => s === e.target.value) ?? 'Latest');
            }}
          >
            {sorts.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </Select>
        </div>
      </Controls>
      <DraftsCard href={paths.groupDrafts.build()}>
        Drafts ({drafts.length})
        {drafts.slice(0, 3).map((d) => (
          <Avatar key={d.id} src={d.values.avatarUrl} name={draftName(d)} size="sm" />
        ))}
      </DraftsCard>
      {groups.status === 'loading' && <Spinner label="Loading group chats" />}
      {groups.status === 'error' && (
        <ErrorState message={errorText(groups.error)} onRetry={groups.retry} />
      )}
      {groups.status === 'success' &&
        (() => {
          const shown = view(groups.data, q, filter, sort);
          if (shown.length === 0) {
            return (
              <EmptyState title="No Results Found">Create a group chat to see it here.</EmptyState>
            );
          }
          return (
            <Grid aria-label="Group chats">
              {shown.map((g) => (
                <li key={g.id}>
                  <Avatar src={g.avatarUrl} name={g.name} />
                  <Text>
                    <strong>
                      <Link href={paths.groupChat.build(g.id)}>{g.name}</Link>
                    </strong>
                    <span>
                      {g.group.members.map((m) => m.name).join(', ')}
                      {!g.group.isAvailable && ' · Group unavailable'}
                    </span>
                  </Text>
                  <Link href={paths.groupEdit.build(g.id)} aria-label={`Edit ${g.name}`}>
                    Edit
                  </Link>
                  <Button
                    $variant="danger"
                    aria-label={`Delete ${g.name}`}
                    onClick={() => {
                      setDeleting(g);
                    }}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </Grid>
          );
        })()}
      {deleting !== null && (
        <Modal
          title="Delete group chat"
          onClose={() => {
            setDeleting(null);
          }}
          actions={
            <>
              <Button
                onClick={() => {
                  setDeleting(null);
                }}
              >
                Cancel
              </Button>
              <Button $variant="danger" onClick={() => void confirmDelete(deleting)}>
                Delete
              </Button>
            </>
          }
        >
          Delete {deleting.name} and its chats? Its member chatbots stay.
        </Modal>
      )}
    </Wrapper>
  );
}

export function GroupDraftList({ memberId }: { memberId: string }) {
  const [drafts, setDrafts] = useState(() => listGroupDrafts(memberId));
  return (
    <Wrapper>
      <h1>Group Drafts</h1>
      {drafts.length === 0 ? (
        <EmptyState title="No Results Found">Save a draft from Create Group.</EmptyState>
      ) : (
        <Grid aria-label="Group drafts">
          {drafts.map((d) => (
            <li key={d.id}>
              <Avatar src={d.values.avatarUrl} name={draftName(d)} />
              <Text>
                <Link href={paths.groupDraft.build(d.id)}>{draftName(d)}</Link>
                <span>{d.values.title}</span>
              </Text>
              <Button
                $variant="ghost"
                aria-label={`Remove draft ${draftName(d)}`}
                onClick={() => {
                  removeGroupDraft(memberId, d.id);
                  setDrafts(listGroupDrafts(memberId));
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </Grid>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

const DraftsCard = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  color: ${({ theme }) => theme.color.text};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.md};
    border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    background: ${({ theme }) => theme.color.surface};
  }
`;

const Text = styled.span`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  overflow-wrap: anywhere;

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;
