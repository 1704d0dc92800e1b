/**
 * The recent chats beside a chat on a wide screen (issue 28, "Beyond", as Character.AI has): the caller's
 * latest conversations, newest first, the open one marked as the current page, with All chats leading to
 * Recent Chats. Below the `md` breakpoint the chat takes the whole width and nothing is fetched. The list
 * is read again whenever the address changes (another chat opened, a new one started), and the last list
 * read stays on screen meanwhile, so opening a chat from it does not make it flash.
 */
import { useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { ConversationPage } from '#shared/api/conversations';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/errors';
import { chatPath, paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useMemberId, useSession } from '../../../lib/session';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useQuery } from '../../../lib/use-query';
import { fetchConversationPage } from '../api';
import { ChatSummary } from './chat-summary';

/** The chat on screen: its chatbot or group, and its conversation when the address names one. */
export interface OpenChat {
  characterId: string;
  conversationId: string | null;
}

export function ChatWithRecentChats({ open, children }: { open: OpenChat; children: ReactNode }) {
  const { breakpoint } = useTheme();
  const isWide = useMediaQuery(`(min-width: ${breakpoint.md})`);
  const session = useSession();
  const memberId = useMemberId();
  if (!isWide || session.status === 'restoring') return children;
  return (
    <Columns>
      {/* A new key on sign-in or sign-out: the list is then the account's. */}
      <RecentChatsAside key={memberId ?? 'guest'} who={memberId ?? 'guest'} open={open} />
      <ChatColumn>{children}</ChatColumn>
    </Columns>
  );
}

function RecentChatsAside({ who, open }: { who: string; open: OpenChat }) {
  const { api } = useServices();
  const [location] = useLocation();
  const [search] = useSearchParams();
  const chats = useQuery(`recent-chats-aside:${who}:${location}?${search.toString()}`, (signal) =>
    fetchConversationPage(api, { search: '' }, undefined, signal),
  );
  const [shown, setShown] = useState<ConversationPage | null>(null);
  if (chats.status === 'success' && chats.data !== shown) setShown(chats.data);
  // Without a conversation in the address, the chat shows its chatbot's latest one: the first listed.
  const currentId =
    open.conversationId ??
    shown?.items.find((c) => c.character.id === open.characterId)?.id ??
    null;

  return (
    <Aside aria-labelledby="recent-chats-aside-heading">
      <Heading>
        <Title id="recent-chats-aside-heading">Recent Chats</Title>
        <Link href={paths.chats.build()}>All chats</Link>
      </Heading>
      <Scroller>
        {shown === null && chats.status === 'loading' && <Spinner label="Loading recent chats" />}
        {shown === null && chats.status === 'error' && (
          <Failed role="alert">
            {errorText(chats.error)}
            <Button onClick={chats.retry}>Retry</Button>
          </Failed>
        )}
        {shown !== null && shown.items.length === 0 && (
          <Empty>There&apos;s no conversations in your history.</Empty>
        )}
        {shown !== null && shown.items.length > 0 && (
          <List>
            {shown.items.map((c) => (
              <li key={c.id}>
                <Link href={chatPath(c.character, c.id)} asChild>
                  <Entry aria-current={c.id === currentId ? 'page' : undefined}>
                    <ChatSummary conversation={c} avatarSize="sm" />
                  </Entry>
                </Link>
              </li>
            ))}
          </List>
        )}
      </Scroller>
    </Aside>
  );
}

const Columns = styled.div`
  display: flex;
  align-items: stretch;
`;

const ChatColumn = styled.div`
  flex: 1;
  min-width: 0;
`;

/** As tall as the chat beside it: the list scrolls inside, whatever its length. */
const Aside = styled.nav`
  display: flex;
  flex: 0 0 16rem;
  flex-direction: column;
  border-right: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Heading = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md}
    ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Scroller = styled.div`
  position: relative;
  flex: 1;

  & > * {
    position: absolute;
    inset: 0;
    overflow-y: auto;
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm};
  list-style: none;
`;

const Entry = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  color: inherit;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.surfaceAlt};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.color.primary};
  }
`;

const Failed = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
`;
