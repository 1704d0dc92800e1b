/**
 * Recent Chats and Saved Chats (product-core.md, "Other screens"): a search box, the conversations
 * most recent first with a menu each, Load More for the next 25, and the spec's empty states. The page
 * gives the menu items of other features (View Saved Chats, Favorite) through `useExtraItems`.
 */
import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { conversationLimits } from '#shared/rules/conversation';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Menu, type MenuItem } from '../../../components/menu';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { chatPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useConversationDialogs } from '../hooks/use-conversation-dialogs';
import { useConversationPages, type ConversationItem } from '../hooks/use-conversation-pages';
import { ChatLast, ChatText, ChatTitle } from './chat-text';

/** How long typing pauses before the search runs. */
const searchDelayMs = 300;

/** A conversation's shown title: its own, else who it is with. */
export function titleOf(c: { label: string | null; character: { name: string } }): string {
  return c.label ?? `Chat with ${c.character.name}`;
}

const noExtraItems = (): MenuItem[] => [];

interface ConversationListProps {
  /** Saved Chats with this character; Recent Chats when undefined. */
  characterId?: string;
  /** Shown when the member has no conversation here (and is not searching). */
  empty: ReactNode;
  /** Menu items placed before the list's own (a hook: it may use per-row state). */
  useExtraItems?: (conversation: ConversationItem) => MenuItem[];
  /** Clone Partially was chosen: go and pick the last message. */
  onPartialClone: (conversation: ConversationItem, title: string) => void;
}

export function ConversationList({
  characterId,
  empty,
  useExtraItems = noExtraItems,
  onPartialClone,
}: ConversationListProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(typed.trim());
    }, searchDelayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [typed]);
  const list = useConversationPages({ characterId, search });
  // A conversation file is an account's (conversation-files.service): guests have no Export Chat.
  const isMember = useSession().status === 'member';
  const dialogs = useConversationDialogs({
    onRenamed: list.rename,
    onCloned: list.prepend,
    onRemoved: list.drop,
    onPartialClone: (ref, title) => {
      const conversation = list.items.find((c) => c.id === ref.id);
      if (conversation !== undefined) onPartialClone(conversation, title);
    },
  });

  let body: ReactNode;
  if (list.status === 'loading') body = <Spinner label="Loading chats" />;
  else if (list.status === 'error') {
    body = (
      <ErrorState message={list.error ? errorText(list.error) : undefined} onRetry={list.retry} />
    );
  } else if (list.items.length === 0) {
    body = search === '' ? empty : <EmptyState />;
  } else {
    body = (
      <>
        <Items>
          {list.items.map((c) => (
            <Row
              key={c.id}
              conversation={c}
              useExtraItems={useExtraItems}
              ownItems={[
                {
                  label: 'Change Title',
                  onSelect: () => {
                    dialogs.changeTitle(refOf(c));
                  },
                },
                ...(c.lastMessageId !== null
                  ? [
                      {
                        label: 'Clone Conversation',
                        onSelect: () => {
                          dialogs.clone(refOf(c));
                        },
                      },
                    ]
                  : []),
                ...(c.lastMessageId !== null && isMember
                  ? [
                      {
                        label: 'Export Chat',
                        onSelect: () => {
                          dialogs.exportChat(c.id);
                        },
                      },
                    ]
                  : []),
                {
                  label: 'Remove',
                  tone: 'danger' as const,
                  onSelect: () => {
                    dialogs.remove(refOf(c));
                  },
                },
              ]}
            />
          ))}
        </Items>
        {list.moreError !== null && <MoreError role="alert">{errorText(list.moreError)}</MoreError>}
        {list.hasMore && (
          <More>
            <Button
              onClick={list.loadMore}
              disabled={list.isLoadingMore}
              aria-busy={list.isLoadingMore}
            >
              Load More
            </Button>
          </More>
        )}
      </>
    );
  }

  return (
    <>
      <Search
        type="search"
        aria-label="Search chats"
        placeholder="Search chats..."
        maxLength={conversationLimits.search}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
        }}
      />
      {body}
      {dialogs.dialogs}
    </>
  );
}

function refOf(c: ConversationItem) {
  return { id: c.id, label: c.label, characterName: c.character.name };
}

function Row({
  conversation: c,
  useExtraItems,
  ownItems,
}: {
  conversation: ConversationItem;
  useExtraItems: (conversation: ConversationItem) => MenuItem[];
  ownItems: MenuItem[];
}) {
  const extra = useExtraItems(c);
  const title = titleOf(c);
  return (
    <Item>
      <Link href={chatPath(c.character, c.id)} asChild>
        <Open>
          <Avatar src={c.character.avatarUrl} name={c.character.name} size="md" alt="" />
          <ChatText>
            <ChatTitle>{title}</ChatTitle>
            <Meta>
              {c.character.name} · {new Date(c.updatedAt).toLocaleDateString()}
            </Meta>
            {c.lastMessage !== null && <ChatLast>{c.lastMessage.content}</ChatLast>}
          </ChatText>
        </Open>
      </Link>
      <Menu label={`More actions for ${title}`} icon="⋯" items={[...extra, ...ownItems]} />
    </Item>
  );
}

const Search = styled.input`
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;

const Items = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

const Open = styled.a`
  display: flex;
  flex: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  color: inherit;
  text-decoration: none;
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.md};
`;

const MoreError = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.danger};
  text-align: center;
`;
