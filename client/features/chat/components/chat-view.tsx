/**
 * The chat screen (product-core.md, "Chat screen"): header, the message log with the greeting first, the
 * streaming reply, Retry after a failure, the composer, and the error modal. `conversationId` null is a
 * fresh conversation; the first send starts it and the page adopts the real id.
 */
import { useAtomValue } from 'jotai';
import {
  Fragment,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import styled from 'styled-components';
import { defaultUserName, fillMacros } from '#shared/rules/macros';
import type { Character } from '#shared/schemas/character';
import { ErrorModal } from '../../../components/error-modal';
import type { MenuItem } from '../../../components/menu';
import { RoleplayText } from '../../../components/roleplay-text';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { errorText, isNotFound } from '../../../lib/errors';
import { conversationViewAtom } from '../atoms';
import { useChatActions } from '../hooks/use-chat-actions';
import { useConversationSync } from '../hooks/use-conversation-sync';
import { useSocketConnected } from '../hooks/use-socket-connected';
import { ChatHeader } from './chat-header';
import { ChatNote } from './chat-note';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { MessageBubble } from './message-bubble';
import { MessageList } from './message-list';
import { RetryNotice } from './retry-notice';
import { StreamingReply } from './streaming-reply';

/** Shown for an unanswered last message when no failure reason is known (e.g. after a reload). */
const noReplyText = 'No reply arrived for your last message.';
/** A reply the user stopped before its first word is stored empty. */
const stoppedEmptyText = 'You stopped this reply before it began.';
/** A user message followed by another: the reply to the first failed and the user moved on. */
const unansweredText = 'No reply to this message.';

interface ChatViewProps {
  character: Pick<Character, 'id' | 'name' | 'avatarUrl' | 'greeting'>;
  conversationId: string | null;
  onConversationStarted: (conversationId: string) => void;
  /** Rendered instead of the chat when the conversation does not exist. */
  notFound: ReactNode;
  /**
   * The Register for Free prompt shown instead of the error modal when a guest hits the message
   * allowance (`guest_message_limit`); composed by the page from the account feature.
   */
  renderGuestLimit: (onClose: () => void) => ReactNode;
  /**
   * The waiting-room modal, composed by the page from the waiting-room feature; it shows itself while
   * the caller waits in line and gives focus back to the message box when it closes.
   */
  waitingRoomModal?: ComponentType<{
    characterId: string;
    returnFocusRef: RefObject<HTMLElement | null>;
  }>;
  /** A send or retry was refused with `waiting_room`; the typed text stays in the message box. */
  onWaitingRoom?: () => void;
  /** Shown just above the message box (the page composes the waiting line's place and turn there). */
  composerNotice?: ReactNode;
  /** Who the user is in a new chat (the chosen persona): its id for the send, its name for the greeting. */
  persona?: { id: string; name: string } | null;
  /** The header menu's items the page composes from other features (Change Persona). */
  headerMenuItems?: (conversationId: string | null) => readonly MenuItem[];
}

export function ChatView({
  character,
  conversationId,
  onConversationStarted,
  notFound,
  renderGuestLimit,
  waitingRoomModal: WaitingRoomModal,
  onWaitingRoom,
  composerNotice,
  persona,
  headerMenuItems,
}: ChatViewProps) {
  // The id adopted from the first send, used until the route catches up; dropped when the route goes
  // back to a fresh conversation ("New chat").
  const [startedId, setStartedId] = useState<string | null>(null);
  const [routeId, setRouteId] = useState(conversationId);
  if (routeId !== conversationId) {
    setRouteId(conversationId);
    if (conversationId === null) setStartedId(null);
  }
  const activeId = conversationId ?? startedId;

  const { resync } = useConversationSync(activeId);
  const view = useAtomValue(useMemo(() => conversationViewAtom(activeId), [activeId]));
  const isConnected = useSocketConnected();
  const actions = useChatActions({
    characterId: character.id,
    conversationId: activeId,
    onStarted: (id) => {
      setStartedId(id);
      onConversationStarted(id);
    },
    onWaitingRoom,
    personaId: persona?.id ?? null,
  });
  const [jumpVersion, setJumpVersion] = useState(0);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [dismissedFailureId, setDismissedFailureId] = useState<string | null>(null);

  if (view.loadError !== null && isNotFound(view.loadError)) return notFound;

  const bot = { name: character.name, avatarUrl: character.avatarUrl };
  const greeting = fillMacros(character.greeting, {
    char: character.name,
    user: persona?.name ?? defaultUserName,
  });
  const isLocalGreeting =
    greeting.trim() !== '' && (activeId === null || (activeId === startedId && !view.isLoaded));
  const isFirstLoad = activeId !== null && !view.isLoaded && !isLocalGreeting;
  const isSending = actions.outgoing !== null || actions.isRetrying;

  const failure = view.failure;
  const modalError =
    actions.error ??
    (failure !== null && failure.messageId !== dismissedFailureId ? failure.error : null);
  const closeModal = () => {
    if (actions.error !== null) actions.clearError();
    else if (failure !== null) setDismissedFailureId(failure.messageId);
  };

  return (
    <Screen>
      <ChatHeader
        character={character}
        canStartNew={activeId !== null}
        menuItems={headerMenuItems?.(activeId) ?? []}
      />
      {!isConnected && <ConnectionNotice />}
      {view.loadError !== null ? (
        <Centered>
          <ErrorState message={errorText(view.loadError)} onRetry={resync} />
        </Centered>
      ) : isFirstLoad ? (
        <Centered>
          <Spinner label="Loading messages" />
        </Centered>
      ) : (
        <MessageList
          label={`Chat with ${character.name}`}
          hasMore={view.hasMore}
          isLoadingOlder={actions.isLoadingOlder}
          onLoadOlder={actions.loadOlder}
          jumpVersion={jumpVersion}
          firstMessageId={view.messages[0]?.id}
        >
          {isLocalGreeting && (
            <MessageBubble sender="bot" bot={bot}>
              <RoleplayText text={greeting} />
            </MessageBubble>
          )}
          {view.messages.map((message, i) =>
            message.role === 'bot' && message.content === '' ? (
              <ChatNote key={message.id}>{stoppedEmptyText}</ChatNote>
            ) : (
              <Fragment key={message.id}>
                <MessageBubble
                  sender={message.role}
                  bot={bot}
                  note={message.isStopped ? 'Stopped' : undefined}
                >
                  <RoleplayText text={message.content} />
                </MessageBubble>
                {message.role === 'user' && view.messages[i + 1]?.role === 'user' && (
                  <ChatNote>{unansweredText}</ChatNote>
                )}
              </Fragment>
            ),
          )}
          {actions.outgoing !== null && (
            <MessageBubble sender="user" bot={bot} isPending>
              <RoleplayText text={actions.outgoing} />
            </MessageBubble>
          )}
          {(view.reply !== null || isSending) && (
            <StreamingReply text={view.reply?.text ?? ''} bot={bot} />
          )}
          {view.isAwaitingRetry && !isSending && (
            <RetryNotice
              message={failure === null ? noReplyText : errorText(failure.error)}
              isRetrying={actions.isRetrying}
              onRetry={() => {
                void actions.retry();
              }}
            />
          )}
        </MessageList>
      )}
      {composerNotice}
      <Composer
        placeholder={`Message ${character.name}…`}
        isGenerating={view.isGenerating}
        isSending={isSending}
        onSend={(content) => {
          setJumpVersion((v) => v + 1);
          return actions.send(content);
        }}
        onStop={() => {
          void actions.stop();
        }}
        inputRef={composerRef}
      />
      {WaitingRoomModal !== undefined && (
        <WaitingRoomModal characterId={character.id} returnFocusRef={composerRef} />
      )}
      {modalError?.code === 'guest_message_limit' && renderGuestLimit(closeModal)}
      {modalError !== null && modalError.code !== 'guest_message_limit' && (
        <ErrorModal
          message={errorText(modalError)}
          onClose={closeModal}
          returnFocusRef={composerRef}
        />
      )}
    </Screen>
  );
}

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  height: calc(100dvh - ${({ theme }) => theme.size.headerHeight});
`;

const Centered = styled.div`
  display: grid;
  flex: 1;
  place-items: center;
`;
