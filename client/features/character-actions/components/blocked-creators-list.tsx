/**
 * Blocked Creators (product-core.md, "Other screens"): the creators the member blocked, each with
 * Unblock; empty, 'You have not blocked any creators.'.
 */
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { BlockedCreator } from '#shared/api/social';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { fetchBlockedCreators, setBlocked } from '../api';
import { blockedUsernamesAtom } from '../atoms';

export const emptyBlockedText = 'You have not blocked any creators.';

export function BlockedCreatorsList() {
  const { api } = useServices();
  const list = useQuery('blocked-creators', (signal) => fetchBlockedCreators(api, signal));
  const [unblocked, setUnblocked] = useState<ReadonlySet<string>>(new Set());

  if (list.status === 'loading') return <Spinner label="Loading blocked creators" />;
  if (list.status === 'error') {
    return <ErrorState message={errorText(list.error)} onRetry={list.retry} />;
  }
  const items = list.data.items.filter((c) => !unblocked.has(c.id));
  if (items.length === 0) return <EmptyState title={emptyBlockedText} />;
  return (
    <List aria-label="Blocked creators">
      {items.map((creator) => (
        <BlockedRow
          key={creator.id}
          creator={creator}
          onUnblocked={() => {
            setUnblocked((ids) => new Set(ids).add(creator.id));
          }}
        />
      ))}
    </List>
  );
}

function BlockedRow({
  creator,
  onUnblocked,
}: {
  creator: BlockedCreator;
  onUnblocked: () => void;
}) {
  const { api } = useServices();
  const toast = useToast();
  const setBlockedNames = useSetAtom(blockedUsernamesAtom);
  const [isBusy, setIsBusy] = useState(false);
  const unblock = async () => {
    setIsBusy(true);
    try {
      await setBlocked(api, creator.username, false);
      setBlockedNames((names) => {
        const next = new Set(names);
        next.delete(creator.username.toLowerCase());
        return next;
      });
      toast(`@${creator.username} unblocked`);
      onUnblocked();
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
      setIsBusy(false);
    }
  };
  return (
    <Row>
      <Link href={paths.creator.build(creator.username)} asChild>
        <Name>@{creator.username}</Name>
      </Link>
      <Button
        $size="sm"
        disabled={isBusy}
        aria-label={`Unblock @${creator.username}`}
        onClick={() => {
          void unblock();
        }}
      >
        Unblock
      </Button>
    </Row>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

const Name = styled.a`
  overflow: hidden;
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-overflow: ellipsis;
  white-space: nowrap;
`;
