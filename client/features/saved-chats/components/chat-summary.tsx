/** A conversation as the short lists show it (Continue chatting, the recent chats beside a chat). */
import type { ConversationPage } from '#shared/api/conversations';
import { Avatar, type AvatarSize } from '../../../components/avatar';
import { ChatLast, ChatText, ChatTitle } from './chat-text';

export function ChatSummary({
  conversation: c,
  avatarSize,
}: {
  conversation: ConversationPage['items'][number];
  avatarSize: AvatarSize;
}) {
  return (
    <>
      <Avatar src={c.character.avatarUrl} name={c.character.name} size={avatarSize} alt="" />
      <ChatText>
        <ChatTitle>{c.label ?? c.character.name}</ChatTitle>
        {c.lastMessage !== null && <ChatLast>{c.lastMessage.content}</ChatLast>}
      </ChatText>
    </>
  );
}
