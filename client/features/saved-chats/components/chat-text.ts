/** The text of a conversation's entry in a list (Recent Chats, Continue chatting): title, then last words. */
import styled from 'styled-components';

export const ChatText = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

export const ChatTitle = styled.span`
  overflow: hidden;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const ChatLast = styled.span`
  overflow: hidden;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-overflow: ellipsis;
  white-space: nowrap;
`;
