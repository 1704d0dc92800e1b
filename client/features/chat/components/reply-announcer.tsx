/**
 * Tells screen readers of a reply once it is finished, not token by token: the message log itself is
 * not a live region (every streamed chunk would be read), so this polite status speaks the whole reply
 * when a new bot message becomes the last one. Messages already there when the chat opened are not read.
 */
import { useState } from 'react';
import { VisuallyHidden } from '../../../components/visually-hidden';

interface ReplyAnnouncerProps {
  /** False until the conversation's messages are loaded: what is there then is not news. */
  isReady: boolean;
  botName: string;
  lastMessage: { id: string; role: 'user' | 'bot'; content: string } | undefined;
}

export function ReplyAnnouncer({ isReady, botName, lastMessage }: ReplyAnnouncerProps) {
  // The last message when the chat became ready, then the last one announced.
  const [seenId, setSeenId] = useState<string | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const lastId = lastMessage?.id ?? null;
  if (isReady && seenId === undefined) setSeenId(lastId);
  else if (isReady && seenId !== lastId) {
    setSeenId(lastId);
    if (lastMessage?.role === 'bot' && lastMessage.content !== '') {
      setAnnouncement(`${botName} replied: ${lastMessage.content}`);
    }
  }
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
