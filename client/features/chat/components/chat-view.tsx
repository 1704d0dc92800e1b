/**
 * The chat screen (product-core.md, "Chat screen"): header, the message log with the greeting first, the
 * streaming reply, Retry after a failure, the composer, and the error modal. `conversationId` null is a
 * fresh conversation; the first send starts it and the page adopts the real id.
 */
import { useAtomValue } from 'jotai';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import styled, { useTheme } from 'styled-components';
import { useLocation } from 'wouter';
import { defaultUserName, fillMacros } from '#shared/rules/macros';
import { continuationSuffix } from '#shared/rules/continue-reply';
import { speaksForUser } from '#shared/rules/speaks-for-user';
import type { AppErrorBody } from '#shared/errors';
import type { Character } from '#shared/schemas/character';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorModal } from '../../../components/error-modal';
import type { MenuItem } from '../../../components/menu';
import {
  isMarkedByPick,
  PickableMessage,
  PickBar,
  type PickMode,
} from '../../../components/message-pick';
import { RoleplayText } from '../../../components/roleplay-text';
import { ErrorState } from '../../../components/state-panel';
import { errorText, isNotFound } from '../../../lib/errors';
import { newConversationId, paths } from '../../../lib/paths';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { GroupTurn } from '../api';
import { conversationViewAtom } from '../atoms';
import { sortedMenuItems } from '../menu-order';
import { useChatActions } from '../hooks/use-chat-actions';
import { useMessageActions } from '../hooks/use-message-actions';
import { useOpeningGreetings } from '../hooks/use-opening-greetings';
import { useSpeech } from '../hooks/use-speech';
import { useImages } from '../hooks/use-images';
import { defaultImagePromptOf } from '#shared/rules/images';
import { useConversationSync } from '../hooks/use-conversation-sync';
import { useSocketConnected } from '../hooks/use-socket-connected';
import { ChatHeader } from './chat-header';
import { ChatScreen } from './chat-screen';
import { MessagesSkeleton } from './chat-skeleton';
import { ChatNote } from './chat-note';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { GreetingActions, MessageActions, MessageEditor } from './message-actions';
import { MessageBubble } from './message-bubble';
import { RateMessageModal, ReportMessageModal } from './message-feedback-modals';
import { KeepRollingStrip } from './keep-rolling-strip';
import { MessageList } from './message-list';
import { RateSpeechModal, SpeechUpgradeModal, VoiceSelectModal } from './voice-modals';
import { GenerateImageModal, ImagesUpgradeModal, RateImageModal } from './image-modals';
import { MessageImageView } from './message-image';
import { RetryNotice } from './retry-notice';
import { SpeaksForUserNotice } from './speaks-for-user-notice';
import { ReplyAnnouncer } from './reply-announcer';
import { StreamingReply } from './streaming-reply';

/** Shown for an unanswered last message when no failure reason is known (e.g. after a reload). */
const noReplyText = 'No reply arrived for your last message.';
/** A reply the user stopped before its first word is stored empty. */
const stoppedEmptyText = 'You stopped this reply before it began.';
/** A user message followed by another: the reply to the first failed and the user moved on. */
const unansweredText = 'No reply to this message.';
/** Above every chat: the characters are fiction. */
const disclaimerText = 'Everything the chatbot says is made up. Do not take it as advice or fact.';

/** Whether the arrow keys are the page's to use: no dialog open and no field being typed in. */
function arrowKeysAreFree(): boolean {
  if (document.querySelector('[role="dialog"]') !== null) return false;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return true;
  return !(
    active.isContentEditable ||
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement
  );
}

interface ChatViewProps {
  character: Pick<Character, 'id' | 'name' | 'avatarUrl' | 'greeting'>;
  conversationId: string | null;
  /**
   * Opened from a notification mail (`?source=email_notification`): the last reply shows the newest of
   * its alternatives, the reply the mail was about, rather than the one the chat went on from.
   */
  isFromEmail?: boolean;
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
  /** The conversation's persona, whose name and picture the user's messages show (none: neither). */
  userPersona?: { name: string; avatarUrl: string | null } | null;
  /**
   * Header menu items the page composes from other features, given the conversation on screen (null
   * before the first send); Start New Chat and Remove Messages are the chat's own.
   */
  menuItems?: (conversationId: string | null) => readonly MenuItem[];
  /** A mode picking one message (partial clone), shown in place of the composer. */
  pickMode?: PickMode | null;
  /**
   * The context meter once the conversation exists, given its newest message: a bar under the header,
   * or on a narrow screen (`compact`) a small control inside it, so the log keeps the height.
   */
  renderConversationBar?: (
    conversationId: string,
    lastMessageId: string | null,
    layout: 'bar' | 'compact',
  ) => ReactNode;
  /**
   * On a narrow screen, where the chat's header is the only one, what of the app's header it carries
   * (the page composes a guest's Sign In there).
   */
  narrowHeaderItems?: ReactNode;
  /** A group chat: the members who speak (each bot message is labelled with its speaker) and the turn bar. */
  group?: ChatGroup;
  /** Shown after the messages, given how many the chat holds (the page composes the ad slot there). */
  renderAfterMessages?: (state: { loaded: number; hasMore: boolean }) => ReactNode;
  /**
   * What the caller may do with images in the conversation (issue 26 item 2): have them (basic and
   * premium), and use the V2 styles (premium). Without it nobody is offered images.
   */
  imageAccess?: { mayHaveImages: boolean; mayUseV2: boolean };
}

type Bot = { name: string; avatarUrl: string | null };

/** What a group chat adds to the chat screen. */
export interface ChatGroup {
  /** The members by id, for the speaker of each bot message (`subCharacterId`) and of the reply. */
  speakers: ReadonlyMap<string, Bot>;
  /** The member who speaks the greeting (greeting_character_id), labelled before it is stored too. */
  greeterId: string | null;
  /** Who answers the next message. */
  turn: GroupTurn;
  /** Shown between the messages and the message box, given the conversation and whether a message is being sent. */
  renderTurnBar: (state: { conversationId: string | null; isSending: boolean }) => ReactNode;
  /** Start New Chat: the group screen starts a fresh conversation itself. */
  onStartNew: () => void;
  /** A message was accepted with `turn`: the turn it asked for is spent. */
  onSent: () => void;
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
  userPersona = null,
  menuItems,
  pickMode = null,
  renderConversationBar,
  group,
  renderAfterMessages,
  narrowHeaderItems,
  isFromEmail = false,
  imageAccess,
}: ChatViewProps) {
  const [, navigate] = useLocation();
  const [isConfirmingNew, setIsConfirmingNew] = useState(false);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const pickName = useId();
  // The id adopted from the first send, used until the route catches up; dropped when the route goes
  // back to a fresh conversation (Start New Chat).
  const [startedId, setStartedId] = useState<string | null>(null);
  const [routeId, setRouteId] = useState(conversationId);
  if (routeId !== conversationId) {
    setRouteId(conversationId);
    if (conversationId === null) setStartedId(null);
  }
  const activeId = conversationId ?? startedId;
  // Each conversation has its own message box (and unsent text); the first send only names the fresh one.
  const composerKey = activeId === null || activeId === startedId ? 'fresh' : activeId;

  const { resync } = useConversationSync(activeId);
  // The greetings are browsed before the first send, and the one shown stays until the chat loads.
  const opening = useOpeningGreetings(character, activeId === null);
  const view = useAtomValue(useMemo(() => conversationViewAtom(activeId), [activeId]));
  const rowKeys = useMemo(() => view.messages.map((m) => m.id), [view.messages]);
  const isConnected = useSocketConnected();
  const { breakpoint } = useTheme();
  const isNarrow = useMediaQuery(`(max-width: ${breakpoint.sm})`);
  const actions = useChatActions({
    characterId: character.id,
    conversationId: activeId,
    onStarted: (id) => {
      setStartedId(id);
      onConversationStarted(id);
    },
    onWaitingRoom,
    personaId: persona?.id ?? null,
    ...(group !== undefined ? { turn: group.turn } : {}),
    greetingIndex: opening.browsing?.index ?? 0,
  });
  const [jumpVersion, setJumpVersion] = useState(0);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [dismissedFailureId, setDismissedFailureId] = useState<string | null>(null);
  const lastMessage = view.messages[view.messages.length - 1];
  const messageActions = useMessageActions({
    conversationId: activeId,
    lastMessage,
    resync,
    showsNewest: isFromEmail,
  });
  const speech = useSpeech(activeId);
  const [isChoosingVoice, setIsChoosingVoice] = useState(false);
  const [speechRatingId, setSpeechRatingId] = useState<string | null>(null);
  const images = useImages(activeId, imageAccess?.mayHaveImages === true);
  /** The bot message whose image prompt is being written, with the prompt to start from. */
  const [imagePrompting, setImagePrompting] = useState<{ id: string; prompt: string } | null>(null);
  const [imageRatingId, setImageRatingId] = useState<string | null>(null);
  const openImagePrompt = (id: string, prompt: string) => {
    if (imageAccess?.mayHaveImages !== true) {
      images.openUpgrade();
      return;
    }
    images.loadSettings();
    setImagePrompting({ id, prompt });
  };
  const [editingId, setEditingId] = useState<string | null>(null);
  const [ratingId, setRatingId] = useState<string | null>(null);
  /** The message being reported, with who wrote it, for the report to name (issue 28 §10). */
  const [reporting, setReporting] = useState<{ id: string; from: string; text: string } | null>(
    null,
  );
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isRemovingMessages, setIsRemovingMessages] = useState(false);
  // A pick belongs to its mode: entering or leaving one starts with nothing picked.
  const pickKey = pickMode !== null ? pickMode.label : isRemovingMessages ? 'remove' : null;
  const [pickedFor, setPickedFor] = useState(pickKey);
  if (pickedFor !== pickKey) {
    setPickedFor(pickKey);
    setPickedId(null);
  }
  const [operationError, setOperationError] = useState<AppErrorBody | null>(null);
  const { browse: browseReplies } = messageActions;
  const isLocalGreeting =
    opening.shown.trim() !== '' &&
    (activeId === null || (activeId === startedId && !view.isLoaded));
  // Before the first send the arrow keys browse the greetings; then the last reply's alternatives.
  const browse = activeId === null ? opening.browse : browseReplies;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || !arrowKeysAreFree()) return;
      browse(event.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [browse]);

  if (view.loadError !== null && isNotFound(view.loadError)) return notFound;

  const bot = { name: character.name, avatarUrl: character.avatarUrl };
  const isNamed = group !== undefined;
  /** Who wrote a bot message: in a group its member (the group itself when unknown). */
  const botOf = (speakerId: string | null | undefined): Bot =>
    (speakerId != null ? group?.speakers.get(speakerId) : undefined) ?? bot;
  const names = { char: character.name, user: persona?.name ?? defaultUserName };
  const greeting = fillMacros(opening.shown, names);
  // Remove-messages mode is the chat's own pick mode; the page may hand in another (partial clone).
  const removalMode: PickMode | null = isRemovingMessages
    ? {
        label: 'Remove messages',
        prompt: 'Pick the first message to remove. It and every message after it will be removed.',
        confirmLabel: 'Remove',
        isDestructive: true,
        marks: 'picked-and-after',
        onCancel: () => {
          setIsRemovingMessages(false);
        },
        onConfirm: async (fromId) => {
          const failed = await messageActions.removeFrom(fromId);
          setOperationError(failed);
          if (failed === null) setIsRemovingMessages(false);
        },
      }
    : null;
  const activePick = pickMode ?? removalMode;
  const pickedIndex =
    activePick === null || pickedId === null
      ? -1
      : view.messages.findIndex((m) => m.id === pickedId);
  const isFirstLoad = activeId !== null && !view.isLoaded && !isLocalGreeting;
  const isSending = actions.outgoing !== null || actions.isRetrying;

  const failure = view.failure;
  const modalError =
    actions.error ??
    operationError ??
    (failure !== null && failure.messageId !== dismissedFailureId ? failure.error : null);
  /** Sends; an alternative shown in place of the last reply is adopted first, so the chat goes on from it. */
  const sendAdopting = async (content: string): Promise<boolean> => {
    const failed = await messageActions.adoptShown();
    if (failed !== null) {
      setOperationError(failed);
      return false;
    }
    setJumpVersion((v) => v + 1);
    const isSent = await actions.send(content);
    if (isSent) group?.onSent();
    return isSent;
  };
  /** Autopilot answers the reply on screen: an alternative shown in its place is adopted first. */
  const sendAutopilot = async (intent: string): Promise<boolean> => {
    const failed = await messageActions.adoptShown();
    if (failed !== null) {
      setOperationError(failed);
      return false;
    }
    return actions.autopilot(intent);
  };
  /** Regenerate for the last reply, while nothing is in flight. */
  const regenerateIf = (isLastReply: boolean) =>
    isLastReply && !view.isGenerating && !isSending
      ? () => {
          void messageActions.regenerate().then(setOperationError);
        }
      : undefined;
  const isIdle = !view.isGenerating && !isSending && pickMode === null;
  /** Continue for a chatbot's last reply (a group's turns are the group's); the one on screen goes on. */
  const continueIf = (isLastReply: boolean) =>
    isLastReply && isIdle && group === undefined
      ? () => {
          void messageActions.adoptShown().then(async (failed) => {
            setOperationError(failed ?? (await messageActions.continueLast()));
          });
        }
      : undefined;
  /**
   * Save and send for the user's last message, or the one the last reply answers: saved, then
   * answered anew (a Retry; a Regenerate keeps the old reply among the alternatives).
   */
  const saveAndSendIf = (index: number, messageId: string) => {
    const next = view.messages[index + 1];
    const isAnswerable =
      next === undefined || (next.role === 'bot' && index + 2 === view.messages.length);
    if (!isIdle || view.messages[index]?.role !== 'user' || !isAnswerable) return undefined;
    return async (content: string): Promise<boolean> => {
      const failed = await messageActions.edit(messageId, content);
      setOperationError(failed);
      if (failed !== null) return false;
      setEditingId(null);
      if (next === undefined) await actions.retry();
      else setOperationError(await messageActions.regenerate());
      return true;
    };
  };
  const closeModal = () => {
    if (actions.error !== null) actions.clearError();
    else if (operationError !== null) setOperationError(null);
    else if (failure !== null) setDismissedFailureId(failure.messageId);
  };

  return (
    <ChatScreen>
      <ChatHeader
        character={character}
        status={
          isNarrow ? (
            <>
              {narrowHeaderItems}
              {activeId !== null &&
                renderConversationBar?.(activeId, view.messages.at(-1)?.id ?? null, 'compact')}
            </>
          ) : undefined
        }
        menuItems={sortedMenuItems([
          ...(activeId !== null
            ? [
                {
                  label: 'Start New Chat',
                  onSelect: () => {
                    setIsConfirmingNew(true);
                  },
                },
              ]
            : []),
          ...(view.messages.length > 0 && !view.isGenerating && pickMode === null
            ? [
                {
                  label: 'Remove Messages',
                  onSelect: () => {
                    setEditingId(null);
                    setIsRemovingMessages(true);
                  },
                },
              ]
            : []),
          ...(activeId !== null
            ? [
                {
                  label: 'Set Voice',
                  onSelect: () => {
                    speech.loadVoices();
                    setIsChoosingVoice(true);
                  },
                },
              ]
            : []),
          ...(menuItems?.(activeId) ?? []),
        ])}
      />
      {!isNarrow &&
        activeId !== null &&
        renderConversationBar?.(activeId, view.messages.at(-1)?.id ?? null, 'bar')}
      {!isConnected && <ConnectionNotice />}
      {view.loadError !== null ? (
        <Centered>
          <ErrorState message={errorText(view.loadError)} onRetry={resync} />
        </Centered>
      ) : isFirstLoad ? (
        <MessagesSkeleton />
      ) : (
        <MessageList
          label={`Chat with ${character.name}`}
          hasMore={view.hasMore}
          isLoadingOlder={actions.isLoadingOlder}
          onLoadOlder={actions.loadOlder}
          jumpVersion={jumpVersion}
          header={
            <>
              {isLocalGreeting && (
                <MessageBubble
                  sender="bot"
                  bot={botOf(group?.greeterId)}
                  isNamed={isNamed}
                  footer={
                    activeId === null && opening.browsing !== null ? (
                      <GreetingActions
                        browsing={{ ...opening.browsing, onBrowse: opening.browse }}
                      />
                    ) : undefined
                  }
                >
                  <RoleplayText text={greeting} />
                </MessageBubble>
              )}
              <ChatNote>{disclaimerText}</ChatNote>
            </>
          }
          rowKeys={rowKeys}
          renderRow={(i) => {
            const stored = view.messages[i];
            if (stored === undefined) return null;
            const isLast = i === view.messages.length - 1;
            // The last reply may show one of its alternatives instead (browsed with ← →).
            const shown =
              isLast && messageActions.browsing?.shown !== undefined
                ? messageActions.browsing.shown
                : stored;
            // A Continue streams into the reply it continues.
            const continuing = view.reply?.continuesId === shown.id ? view.reply : null;
            const message =
              continuing === null
                ? shown
                : { ...shown, content: shown.content + continuationSuffix(continuing.text) };
            const regenerate = regenerateIf(isLast && message.role === 'bot');
            const image = message.role === 'bot' ? images.images[message.id] : undefined;
            return message.role === 'bot' && message.content === '' ? (
              <StoppedNote>
                <ChatNote>{stoppedEmptyText}</ChatNote>
                {regenerate !== undefined && (
                  <Button $size="sm" onClick={regenerate}>
                    Regenerate
                  </Button>
                )}
              </StoppedNote>
            ) : (
              <>
                {activePick !== null ? (
                  <PickableMessage
                    name={pickName}
                    messageId={message.id}
                    label={`${message.role === 'user' ? 'Your' : `${botOf(message.subCharacterId).name}'s`} message: ${message.content.slice(0, 60)}`}
                    isPicked={pickedId === message.id}
                    onPick={setPickedId}
                  >
                    <MessageBubble
                      sender={message.role}
                      bot={botOf(message.subCharacterId)}
                      user={userPersona}
                      isNamed={isNamed}
                      isMarked={isMarkedByPick(activePick, pickedIndex, i)}
                    >
                      <RoleplayText text={message.content} names={names} />
                    </MessageBubble>
                  </PickableMessage>
                ) : (
                  <MessageBubble
                    sender={message.role}
                    bot={botOf(message.subCharacterId)}
                    user={userPersona}
                    isNamed={isNamed}
                    isEditing={editingId === message.id}
                    isStreaming={continuing !== null}
                    note={message.isStopped && continuing === null ? 'Stopped' : undefined}
                    footer={
                      editingId === message.id ? undefined : (
                        <>
                          {message.role === 'bot' &&
                            speaksForUser(message.content, [names.user]) !== null && (
                              <SpeaksForUserNotice onRegenerate={regenerateIf(isLast)} />
                            )}
                          <MessageActions
                            text={message.content}
                            isBot={message.role === 'bot'}
                            ratedLevel={message.rating?.level ?? null}
                            onEdit={() => {
                              setEditingId(message.id);
                            }}
                            onRate={() => {
                              setRatingId(message.id);
                            }}
                            onReport={() => {
                              setReporting({
                                id: message.id,
                                from:
                                  message.role === 'bot'
                                    ? botOf(message.subCharacterId).name
                                    : names.user,
                                text: message.content,
                              });
                            }}
                            onRegenerate={regenerate}
                            onContinue={continueIf(isLast && message.role === 'bot')}
                            onDelete={
                              isIdle
                                ? () => {
                                    setDeletingId(message.id);
                                  }
                                : undefined
                            }
                            browsing={
                              isLast && messageActions.browsing !== null
                                ? { ...messageActions.browsing, onBrowse: browse }
                                : null
                            }
                            onImage={
                              message.role === 'bot' &&
                              activeId !== null &&
                              imageAccess !== undefined &&
                              image === undefined
                                ? () => {
                                    openImagePrompt(
                                      message.id,
                                      defaultImagePromptOf(message.content),
                                    );
                                  }
                                : undefined
                            }
                            voice={
                              message.role === 'bot' && activeId !== null
                                ? {
                                    state: speech.stateOf(message.id),
                                    onPlay: () => {
                                      speech.playMessage(message.id);
                                    },
                                    onStop: speech.stop,
                                    onRate: () => {
                                      setSpeechRatingId(message.id);
                                    },
                                  }
                                : undefined
                            }
                          />
                        </>
                      )
                    }
                  >
                    {editingId === message.id ? (
                      <MessageEditor
                        initial={message.content}
                        onSaveAndSend={saveAndSendIf(i, message.id)}
                        onCancel={() => {
                          setEditingId(null);
                        }}
                        onSave={async (content) => {
                          const failed = await messageActions.edit(message.id, content);
                          setOperationError(failed);
                          if (failed === null) setEditingId(null);
                          return failed === null;
                        }}
                      />
                    ) : (
                      <>
                        <RoleplayText text={message.content} names={names} />
                        {image !== undefined && (
                          <MessageImageView
                            image={image}
                            loadFile={images.loadFile}
                            onEdit={() => {
                              openImagePrompt(message.id, image.prompt);
                            }}
                            onRate={() => {
                              setImageRatingId(message.id);
                            }}
                            onRetry={() => {
                              images.retry(message.id);
                            }}
                          />
                        )}
                      </>
                    )}
                  </MessageBubble>
                )}
                {message.role === 'user' && view.messages[i + 1]?.role === 'user' && (
                  <ChatNote>{unansweredText}</ChatNote>
                )}
              </>
            );
          }}
          footer={
            <>
              {actions.outgoing !== null && (
                <MessageBubble sender="user" bot={bot} user={userPersona} isPending>
                  <RoleplayText text={actions.outgoing} />
                </MessageBubble>
              )}
              {((view.reply !== null &&
                !view.isAutopilotWriting &&
                view.reply.continuesId === undefined) ||
                isSending) && (
                <StreamingReply
                  text={view.reply?.text ?? ''}
                  bot={botOf(view.reply?.speakerId)}
                  isNamed={isNamed}
                />
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
              {renderAfterMessages?.({ loaded: view.messages.length, hasMore: view.hasMore })}
            </>
          }
        />
      )}
      <ReplyAnnouncer
        isReady={view.loadError === null && !isFirstLoad}
        botName={botOf(lastMessage?.subCharacterId).name}
        lastMessage={lastMessage}
      />
      {activePick !== null ? (
        <PickBar key={activePick.label} mode={activePick} pickedId={pickedId} />
      ) : (
        <>
          {lastMessage?.role === 'bot' &&
            !view.isGenerating &&
            !isSending &&
            editingId === null && <KeepRollingStrip onPick={(text) => void sendAdopting(text)} />}
          {group?.renderTurnBar({
            conversationId: activeId,
            isSending,
          })}
          {composerNotice}
          <Composer
            key={composerKey}
            conversationId={activeId}
            placeholder={`Message ${character.name}…`}
            isGenerating={view.isGenerating}
            isSending={isSending}
            onSend={sendAdopting}
            onStop={() => {
              void actions.stop();
            }}
            inputRef={composerRef}
            // Offered (disabled) before the first send too, so the box keeps its width from the start.
            autopilot={{
              canAsk:
                activeId !== null &&
                lastMessage?.role === 'bot' &&
                !view.isGenerating &&
                editingId === null,
              onAsk: sendAutopilot,
              isWriting: view.isAutopilotWriting,
              text: view.isAutopilotWriting ? (view.reply?.text ?? '') : '',
              draft: view.autopilotDraft,
              onDrop: (draftId) => {
                void actions.discardDraft(draftId);
              },
            }}
          />
        </>
      )}
      {isConfirmingNew && (
        <ConfirmDialog
          title="Start New Chat"
          confirmLabel="Start New Chat"
          isDestructive={false}
          isBusy={false}
          onCancel={() => {
            setIsConfirmingNew(false);
          }}
          onConfirm={() => {
            setIsConfirmingNew(false);
            if (group !== undefined) group.onStartNew();
            else navigate(paths.chat.build(character.id, newConversationId));
          }}
        >
          Leave this conversation and start a new chat with {character.name}? This one stays in your
          saved chats.
        </ConfirmDialog>
      )}
      {WaitingRoomModal !== undefined && (
        <WaitingRoomModal characterId={character.id} returnFocusRef={composerRef} />
      )}
      {deletingId !== null && (
        <ConfirmDialog
          title="Delete Message"
          confirmLabel="Delete"
          isBusy={isDeleting}
          onCancel={() => {
            setDeletingId(null);
          }}
          onConfirm={() => {
            setIsDeleting(true);
            void messageActions.removeFrom(deletingId).then((failed) => {
              setIsDeleting(false);
              setDeletingId(null);
              setOperationError(failed);
            });
          }}
        >
          Delete this message and every reply after it? This cannot be undone.
        </ConfirmDialog>
      )}
      {ratingId !== null && (
        <RateMessageModal
          onSubmit={(rating) => messageActions.rate(ratingId, rating)}
          onClose={() => {
            setRatingId(null);
          }}
        />
      )}
      {isChoosingVoice && (
        <VoiceSelectModal
          voices={speech.voices}
          chosen={speech.voiceId}
          sampleState={(id) => speech.stateOf(`sample-${id}`)}
          onSample={speech.playSample}
          onStopSample={speech.stop}
          onSelect={speech.chooseVoice}
          onClose={() => {
            speech.stop();
            setIsChoosingVoice(false);
          }}
        />
      )}
      {speechRatingId !== null && (
        <RateSpeechModal
          onSubmit={(rating) => speech.rate(speechRatingId, rating)}
          onClose={() => {
            setSpeechRatingId(null);
          }}
        />
      )}
      {speech.isUpgradeOpen && <SpeechUpgradeModal onClose={speech.closeUpgrade} />}
      {imagePrompting !== null && (
        <GenerateImageModal
          initialPrompt={imagePrompting.prompt}
          view={images.settings}
          mayUseV2={imageAccess?.mayUseV2 === true}
          onGenerate={(prompt, settings) => images.generate(imagePrompting.id, prompt, settings)}
          onClose={() => {
            setImagePrompting(null);
          }}
        />
      )}
      {imageRatingId !== null && (
        <RateImageModal
          onSubmit={(rating) => images.rate(imageRatingId, rating)}
          onClose={() => {
            setImageRatingId(null);
          }}
        />
      )}
      {images.isUpgradeOpen && <ImagesUpgradeModal onClose={images.closeUpgrade} />}
      {images.error !== null && (
        <ErrorModal message={errorText(images.error)} onClose={images.clearError} />
      )}
      {speech.error !== null && (
        <ErrorModal message={errorText(speech.error)} onClose={speech.clearError} />
      )}
      {reporting !== null && (
        <ReportMessageModal
          characterName={character.name}
          from={reporting.from}
          text={reporting.text}
          onSubmit={(report) => messageActions.report(reporting.id, report)}
          onClose={() => {
            setReporting(null);
          }}
        />
      )}
      {modalError?.code === 'guest_message_limit' && renderGuestLimit(closeModal)}
      {modalError !== null && modalError.code !== 'guest_message_limit' && (
        <ErrorModal
          message={errorText(modalError)}
          onClose={closeModal}
          returnFocusRef={composerRef}
        />
      )}
    </ChatScreen>
  );
}

/** A reply stopped before its first word: the note, and Regenerate when it is the last reply. */
const StoppedNote = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Centered = styled.div`
  display: grid;
  flex: 1;
  place-items: center;
`;
