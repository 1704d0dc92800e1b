import { Redirect, useLocation, useSearchParams } from 'wouter';
import { IdParamsSchema } from '#shared/api/characters';
import { RegisterPrompt } from '../../features/auth/components/register-prompt';
import { GuestSignInButton } from '../../features/auth/components/sign-in-button';
import { useCharacter } from '../../features/characters/hooks/use-character';
import { ChatSkeleton } from '../../features/chat/components/chat-skeleton';
import { ChatView } from '../../features/chat/components/chat-view';
import { ChatWithRecentChats } from '../../features/saved-chats/components/recent-chats-aside';
import { useSavedChatActions } from '../../features/saved-chats/hooks/use-saved-chat-actions';
import { ContextMeter } from '../../features/generation/components/context-meter';
import { useGenerationSettingsItem } from '../../features/generation/hooks/use-generation-settings-item';
import { useMemoriesItem } from '../../features/memories/hooks/use-memories-item';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { WaitingRoomComposerNotice } from '../../features/waiting-room/components/waiting-room-composer-notice';
import { WaitingRoomModal } from '../../features/waiting-room/components/waiting-room-modal';
import { useWaitingRoomJoin } from '../../features/waiting-room/hooks/use-waiting-room-join';
import { useWaitingRoomRefusal } from '../../features/waiting-room/hooks/use-waiting-room-refusal';
import { useChatPersona } from '../../features/personas/hooks/use-chat-persona';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { chatPath, emailSource, newConversationId, paths } from '../../lib/paths';
import { CharacterLoadState } from '../character-load-state';
import { useIsFlagOn } from '../feature-flags';
import { useChatCharacterMenu } from '../character-menu';
import { NotFoundPage } from './not-found';

interface ChatPageProps {
  characterId: string;
  /** A conversation id, or `new` for a fresh conversation. */
  conversationId: string;
}

/**
 * /chat/{characterId}/{conversationId}: composes the character (header, greeting) and the chat, with the
 * recent chats beside it on a wide screen. A group is sent to its group chat screen.
 */
export function ChatPage({ characterId, conversationId }: ChatPageProps) {
  const open = {
    characterId,
    conversationId: conversationId === newConversationId ? null : conversationId,
  };
  return (
    <ChatWithRecentChats open={open}>
      <ChatPageContent characterId={characterId} conversationId={conversationId} />
    </ChatWithRecentChats>
  );
}

function ChatPageContent({ characterId, conversationId }: ChatPageProps) {
  const [location, navigate] = useLocation();
  const [search] = useSearchParams();
  const character = useCharacter(characterId);
  const onWaitingRoom = useWaitingRoomRefusal();
  // Opening a chat (of a character that exists) is what lines a visitor up; browsing never does.
  useWaitingRoomJoin(character.status === 'success' ? characterId : null);
  useDocumentTitle(character.status === 'success' ? `Chat with ${character.data.name}` : null);

  const isNew = conversationId === newConversationId;
  const characterName = character.status === 'success' ? character.data.name : '';
  // A group never reaches the chat below (it is sent to its own screen), so this one is a chatbot's.
  const saved = useSavedChatActions(
    { id: characterId, type: 'standard' },
    isNew ? null : conversationId,
    characterName,
  );
  const persona = useChatPersona({
    characterName,
    isNew,
    conversationId: isNew ? null : conversationId,
    backPath: location,
  });
  const settings = useGenerationSettingsItem();
  const memories = useMemoriesItem();
  // Images in the conversation: basic and premium; the V2 styles premium (issue 26 item 2).
  const mayHaveImages = useIsFlagOn('conversation_images');
  const mayUseV2 = useIsFlagOn('avatar_images_v2');
  // Blocking the creator closes the bot and its chats to the member, as on its profile: go home.
  const characterMenu = useChatCharacterMenu(
    characterId,
    character.status === 'success' ? character.data : null,
    () => {
      navigate(paths.home.build());
    },
  );
  if (!isNew && !IdParamsSchema.safeParse({ id: conversationId }).success) return <NotFoundPage />;
  if (character.status !== 'success') {
    return (
      <CharacterLoadState
        state={character}
        loadingLabel="Loading chat"
        loading={<ChatSkeleton />}
      />
    );
  }
  // A bot waiting for a moderator sends the visitor to the chatbots list (product-core.md, "Chat
  // screen"): its creator to My Chatbots, where it shows Under Manual Review; anyone else home.
  if (character.data.isInManualReview) {
    const list = character.data.isCreator ? paths.myChatbots.build() : paths.home.build();
    return <Redirect to={list} replace />;
  }
  // A group has its own chat screen (product-core.md, "Chat screen"); the conversation goes along,
  // and so does its opening: a partial clone's title (Clone Partially from Recent Chats or an older
  // link) or a notification mail's source.
  if (character.data.type === 'meta') {
    const cloneTitle =
      search.get('cloneType') === 'partial' ? (search.get('cloneTitle') ?? undefined) : undefined;
    const fromEmail = search.get('source') === emailSource;
    return (
      <Redirect to={chatPath(character.data, conversationId, { cloneTitle, fromEmail })} replace />
    );
  }
  if (persona.choice !== null) return <Page>{persona.choice}</Page>;
  return (
    <>
      {saved.dialogs}
      {settings.modal}
      <ChatView
        persona={persona.persona}
        userPersona={persona.activePersona}
        key={characterId}
        character={character.data}
        conversationId={isNew ? null : conversationId}
        isFromEmail={search.get('source') === emailSource}
        onConversationStarted={(id) => {
          navigate(paths.chat.build(characterId, id), { replace: true });
        }}
        notFound={<NotFoundPage />}
        renderGuestLimit={(onClose) => <RegisterPrompt onClose={onClose} />}
        narrowHeaderItems={<GuestSignInButton />}
        waitingRoomModal={WaitingRoomModal}
        onWaitingRoom={onWaitingRoom}
        composerNotice={<WaitingRoomComposerNotice characterId={characterId} />}
        menuItems={(activeId) => [
          ...characterMenu.menuItems,
          ...saved.menuItems,
          ...persona.menuItems(activeId),
          ...memories.menuItems(activeId),
          ...settings.menuItems,
        ]}
        pickMode={saved.pickMode}
        renderConversationBar={(id, lastMessageId, layout) => (
          <ContextMeter conversationId={id} lastMessageId={lastMessageId} layout={layout} />
        )}
        renderAfterMessages={(state) => <AdSlot {...state} />}
        imageAccess={{
          mayHaveImages: mayHaveImages === true,
          mayUseV2: mayUseV2 === true,
        }}
      />
      {persona.dialog}
      {memories.dialog}
      {characterMenu.dialogs}
    </>
  );
}
