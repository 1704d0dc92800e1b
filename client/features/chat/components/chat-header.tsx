import styled from 'styled-components';
import { Link } from 'wouter';
import { newConversationId, paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { ButtonAnchor } from '../../../components/button';
import { Menu, type MenuItem } from '../../../components/menu';

interface ChatHeaderProps {
  character: { id: string; name: string; avatarUrl: string | null };
  /** Offer "New chat" only when this is not already a fresh conversation. */
  canStartNew: boolean;
  /** The header menu (product-core.md, "Chat screen"), in the spec's order. */
  menuItems: readonly MenuItem[];
}

export function ChatHeader({ character, canStartNew, menuItems }: ChatHeaderProps) {
  return (
    <Bar>
      <Inner>
        <Link href={paths.chatbot.build(character.id)} asChild>
          <BackLink aria-label={`Back to ${character.name}'s profile`}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </BackLink>
        </Link>
        <Avatar src={character.avatarUrl} name={character.name} size="sm" alt="" />
        <Name>{character.name}</Name>
        {canStartNew && (
          <Link href={paths.chat.build(character.id, newConversationId)} asChild>
            <ButtonAnchor $size="sm" $variant="ghost">
              New chat
            </ButtonAnchor>
          </Link>
        )}
        {menuItems.length > 0 && (
          <Menu
            label="Chat menu"
            icon={
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <circle cx="12" cy="5" r="2" fill="currentColor" />
                <circle cx="12" cy="12" r="2" fill="currentColor" />
                <circle cx="12" cy="19" r="2" fill="currentColor" />
              </svg>
            }
            items={menuItems}
          />
        )}
      </Inner>
    </Bar>
  );
}

const Bar = styled.header`
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

const BackLink = styled.a`
  display: inline-grid;
  place-items: center;
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  border-radius: 50%;
  color: ${({ theme }) => theme.color.text};

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;

const Name = styled.h1`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  font-size: ${({ theme }) => theme.font.size.lg};
  text-overflow: ellipsis;
  white-space: nowrap;
`;
