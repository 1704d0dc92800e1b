import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Avatar } from '../../../components/avatar';

type Sender = 'user' | 'bot';

interface MessageBubbleProps {
  sender: Sender;
  /** The bot's picture and name, shown beside its messages. */
  bot: { name: string; avatarUrl: string | null };
  /** The persona the user chats as: its name above and picture beside the user's messages. */
  user?: { name: string; avatarUrl: string | null } | null;
  isStreaming?: boolean;
  isPending?: boolean;
  note?: string;
  /** Shown under the bubble (the message's actions). */
  footer?: ReactNode;
  /** In remove-messages mode: this message would be removed. */
  isMarked?: boolean;
  /** A group chat: the bot's name is shown above its message (several bots speak). */
  isNamed?: boolean;
  /** The message is being edited: the bubble takes the column's whole width for the editor. */
  isEditing?: boolean;
  children: ReactNode;
}

/**
 * One chat message. `data-role` says who wrote it and `data-streaming`/`aria-busy` mark a reply still being
 * written; the bubble holds only the message text, so its text content is the message.
 */
export function MessageBubble({
  sender,
  bot,
  user = null,
  isStreaming = false,
  isPending = false,
  note,
  footer,
  isMarked = false,
  isNamed = false,
  isEditing = false,
  children,
}: MessageBubbleProps) {
  return (
    <Row $sender={sender}>
      {sender === 'bot' && <Avatar src={bot.avatarUrl} name={bot.name} size="sm" alt="" />}
      <Column $sender={sender} $isEditing={isEditing}>
        {isNamed && sender === 'bot' && <Speaker data-speaker>{bot.name}</Speaker>}
        {sender === 'user' && user !== null && <Speaker data-persona>{user.name}</Speaker>}
        <Bubble
          $sender={sender}
          $isPending={isPending}
          $isMarked={isMarked}
          $isEditing={isEditing}
          data-role={sender}
          data-streaming={isStreaming ? 'true' : undefined}
          aria-busy={isStreaming ? 'true' : undefined}
        >
          {children}
        </Bubble>
        {note !== undefined && <Note>{note}</Note>}
        {footer}
      </Column>
      {sender === 'user' && user !== null && (
        <Avatar src={user.avatarUrl} name={user.name} size="sm" alt="" />
      )}
    </Row>
  );
}

const Row = styled.div<{ $sender: Sender }>`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: ${({ $sender }) => ($sender === 'user' ? 'flex-end' : 'flex-start')};
`;

const Column = styled.div<{ $sender: Sender; $isEditing: boolean }>`
  display: flex;
  flex: ${({ $isEditing }) => ($isEditing ? '1' : '0 1 auto')};
  flex-direction: column;
  align-items: ${({ $sender }) => ($sender === 'user' ? 'flex-end' : 'flex-start')};
  min-width: 0;
  max-width: ${({ $isEditing }) => ($isEditing ? '100%' : 'min(85%, 640px)')};
`;

const Bubble = styled.div<{
  $sender: Sender;
  $isPending: boolean;
  $isMarked: boolean;
  $isEditing: boolean;
}>`
  align-self: ${({ $isEditing }) => ($isEditing ? 'stretch' : 'auto')};
  /* Never wider than the column, whatever it holds: a code block's long line scrolls inside it. */
  max-width: 100%;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.bubble};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  opacity: ${({ $isPending, $isMarked }) => ($isPending || $isMarked ? 0.55 : 1)};
  outline: ${({ $isMarked, theme }) =>
    $isMarked ? `${theme.size.focusRing} dashed ${theme.color.danger}` : 'none'};

  ${({ $sender, theme }) =>
    $sender === 'user'
      ? css`
          border-bottom-right-radius: ${theme.radius.sm};
          background: ${theme.color.userBubble};
          color: ${theme.color.onUserBubble};
        `
      : css`
          border: ${theme.size.border} solid ${theme.color.border};
          border-bottom-left-radius: ${theme.radius.sm};
          background: ${theme.color.botBubble};
          color: ${theme.color.onBotBubble};
        `}

  em {
    opacity: 0.85;
  }
`;

const Speaker = styled.span`
  margin-bottom: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
`;

const Note = styled.span`
  margin-top: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
