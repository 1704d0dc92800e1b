import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { Menu, type MenuItem } from '../../../components/menu';

interface ChatHeaderProps {
  character: { id: string; name: string; avatarUrl: string | null };
  /**
   * The header menu, in the spec's order (product-core.md, "Chat screen": Start New Chat, Share
   * Chatbot, View Saved Chats, …); hidden while empty.
   */
  menuItems: readonly MenuItem[];
  /** A small control beside the menu (the folded context meter on narrow screens). */
  status?: ReactNode;
}

/**
 * The chat's header: back to the profile, who is chatted with, and the menu. On a narrow screen it is
 * the only header (the app's is hidden on the chat, app/layouts/app-layout.tsx), so it is kept short.
 */
export function ChatHeader({ character, menuItems, status }: ChatHeaderProps) {
  return (
    <HeaderBar>
      <HeaderRow>
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
        {status}
        {menuItems.length > 0 && (
          <Menu label="Chat options" icon={<MoreIcon />} items={menuItems} />
        )}
      </HeaderRow>
    </HeaderBar>
  );
}

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}

/**
 * The header's band and its row, which the chat's skeleton shows too. Positioned, so what opens under
 * it (the context details) lies over the log.
 */
export const HeaderBar = styled.header`
  position: relative;
  z-index: ${({ theme }) => theme.zIndex.header};
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

export const HeaderRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  }
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
