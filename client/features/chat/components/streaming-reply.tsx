import { RoleplayText } from '../../../components/roleplay-text';
import { useDelay } from '../hooks/use-delay';
import { MessageBubble } from './message-bubble';
import { TypingIndicator } from './typing-indicator';

/** The spec's delay before the typing indicator shows (product-core.md §4, "Chat"). */
const typingDelayMs = 300;

/** A reply being written: its text so far, or the typing indicator once 300 ms pass without text. */
export function StreamingReply({
  text,
  bot,
  isNamed = false,
}: {
  text: string;
  bot: { name: string; avatarUrl: string | null };
  /** A group chat: the speaking member's name shows above the reply. */
  isNamed?: boolean;
}) {
  const isTypingDue = useDelay(typingDelayMs);
  if (text === '' && !isTypingDue) return null;
  return (
    <MessageBubble sender="bot" bot={bot} isStreaming isNamed={isNamed}>
      {text === '' ? <TypingIndicator name={bot.name} /> : <RoleplayText text={text} />}
    </MessageBubble>
  );
}
