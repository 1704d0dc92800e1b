/**
 * Home's "Continue chatting" row (issue 28, "Beyond"): the caller's latest chats, newest first, each a
 * link back into its conversation (named by its title, else its chatbot), for members and guests alike. Someone without chats, or whose chats
 * cannot be read just now, sees nothing: the row is a shortcut, and Recent Chats has the whole list.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { chatPath, paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useMemberId, useSession } from '../../../lib/session';
import { useQuery } from '../../../lib/use-query';
import { fetchConversationPage } from '../api';
import { ChatSummary } from './chat-summary';

/** Chats the row shows at most. */
const shownChats = 8;

export function ContinueChatting() {
  const session = useSession();
  const memberId = useMemberId();
  if (session.status === 'restoring') return null;
  // A new key on sign-in or sign-out: the row then lists the account's chats.
  return <ChatsRow key={memberId ?? 'guest'} who={memberId ?? 'guest'} />;
}

function ChatsRow({ who }: { who: string }) {
  const { api } = useServices();
  const chats = useQuery(`continue-chatting:${who}`, (signal) =>
    fetchConversationPage(api, { search: '' }, undefined, signal),
  );
  if (chats.status !== 'success' || chats.data.items.length === 0) return null;
  return (
    <Section aria-labelledby="continue-chatting-heading">
      <Heading>
        <Title id="continue-chatting-heading">Continue chatting</Title>
        <Link href={paths.chats.build()}>All chats</Link>
      </Heading>
      <Row aria-labelledby="continue-chatting-heading">
        {chats.data.items.slice(0, shownChats).map((c) => (
          <li key={c.id}>
            <Link href={chatPath(c.character, c.id)} asChild>
              <Chat>
                <ChatSummary conversation={c} avatarSize="md" />
              </Chat>
            </Link>
          </li>
        ))}
      </Row>
    </Section>
  );
}

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Heading = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Row = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space.xs};
  overflow-x: auto;
  list-style: none;
  scroll-snap-type: x proximity;

  & > li {
    flex: 0 0 15rem;
    min-width: 0;
    scroll-snap-align: start;
  }
`;

const Chat = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  padding: ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: inherit;
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;
