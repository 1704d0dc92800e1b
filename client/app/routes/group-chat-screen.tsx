/**
 * /groupchat/{characterId} (issue 12, item 6): the chat screen for a group. It resumes the caller's
 * latest conversation with the group (or starts one, after the same persona choice a chatbot's chat
 * has), labels each bot message with the member who spoke, and adds the turn bar (Who speaks next,
 * Everyone answers, Next), whose choice holds for the next message only. The header menu adds Change
 * Persona and Enable or Disable Auto Response. Below two members the group shows 'Group unavailable',
 * as the server answers `group_unavailable`. A `conversationId` in the query (Recent and Saved Chats,
 * or a /chat link to a group) opens that conversation instead of the latest; with a notification
 * mail's `source` it shows the newest reply, as the one-bot chat does. A group in manual review
 * leads to a list instead, as a chatbot's chat does. The saved-chat items (View Saved Chats, Clone
 * Conversation, Change Title, Export Chat) and the partial-clone mode they lead to
 * (`cloneType=partial&cloneTitle=…`) are the one-bot chat's, and so is the context meter, which shows
 * the newest reply's prompt: the member who spoke it. On a wide screen the recent chats sit beside it.
 */
import { useMemo, useState } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { IdParamsSchema } from '#shared/api/characters';
import { RegisterPrompt } from '../../features/auth/components/register-prompt';
import { GuestSignInButton } from '../../features/auth/components/sign-in-button';
import { useCharacter } from '../../features/characters/hooks/use-character';
import { nextGroupSpeaker } from '../../features/chat/api';
import { ChatSkeleton } from '../../features/chat/components/chat-skeleton';
import { ChatView } from '../../features/chat/components/chat-view';
import { useLatestConversation } from '../../features/chat/hooks/use-latest-conversation';
import { ContextMeter } from '../../features/generation/components/context-meter';
import { fetchGroup } from '../../features/group-chat/api';
import { TurnBar, type TurnChoice } from '../../features/group-chat/components/turn-bar';
import { useAutoResponseItem } from '../../features/group-chat/hooks/use-auto-response-item';
import { useChatPersona } from '../../features/personas/hooks/use-chat-persona';
import { ChatWithRecentChats } from '../../features/saved-chats/components/recent-chats-aside';
import { useSavedChatActions } from '../../features/saved-chats/hooks/use-saved-chat-actions';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { useServices } from '../../lib/services';
import { useToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { CharacterLoadState } from '../character-load-state';
import { Page } from '../layouts/page';
import { emailSource, paths } from '../../lib/paths';
import { NotFoundPage } from './not-found';

export function GroupChatPage({ characterId }: { characterId: string }) {
  const [search] = useSearchParams();
  const opened = search.get('conversationId');
  const isId = (id: string) => IdParamsSchema.safeParse({ id }).success;
  if (!isId(characterId) || (opened !== null && !isId(opened))) return <NotFoundPage />;
  return (
    <ChatWithRecentChats open={{ characterId, conversationId: opened }}>
      <GroupChatLoader
        key={characterId}
        characterId={characterId}
        openedConversationId={opened ?? undefined}
        isFromEmail={search.get('source') === emailSource}
      />
    </ChatWithRecentChats>
  );
}

/** The turn bar's choice before any is made, and again after each message it was sent with. */
const automatic: TurnChoice = { mode: 'auto' };

interface GroupChatLoaderProps {
  characterId: string;
  /** The conversation the link names; the caller's latest one without it. */
  openedConversationId: string | undefined;
  /** Opened from a notification mail's link. */
  isFromEmail: boolean;
}

function GroupChatLoader({ characterId, openedConversationId, isFromEmail }: GroupChatLoaderProps) {
  const [location, navigate] = useLocation();
  const { api, socket } = useServices();
  const toast = useToast();
  const character = useCharacter(characterId);
  const group = useQuery(`group:${characterId}`, (signal) => fetchGroup(api, characterId, signal));
  const latest = useLatestConversation(characterId);
  useDocumentTitle(character.status === 'success' ? `Chat with ${character.data.name}` : null);
  // Undefined until the caller picks (or a link names one): the latest conversation, or null for a
  // fresh one.
  const [chosenId, setChosenId] = useState<string | null | undefined>(openedConversationId);
  // A link to another conversation of this group (the copy a clone made) opens it in place.
  const [seenOpenedId, setSeenOpenedId] = useState(openedConversationId);
  if (seenOpenedId !== openedConversationId) {
    setSeenOpenedId(openedConversationId);
    if (openedConversationId !== undefined) setChosenId(openedConversationId);
  }
  // The address follows the conversation on screen, so a reload does not go back to the linked one.
  const choose = (id: string | null) => {
    setChosenId(id);
    navigate(paths.groupChat.build(characterId, id ?? undefined), { replace: true });
  };
  const [choice, setChoice] = useState<TurnChoice>(automatic);
  const latestId = latest.status === 'success' ? (latest.data.conversation?.id ?? null) : null;
  const conversationId = chosenId === undefined ? latestId : chosenId;
  const autoResponse = useAutoResponseItem(conversationId);
  const characterName = character.status === 'success' ? character.data.name : '';
  const persona = useChatPersona({
    characterName,
    isNew: conversationId === null,
    conversationId,
    backPath: location,
  });
  const saved = useSavedChatActions(
    { id: characterId, type: 'meta' },
    conversationId,
    characterName,
  );
  const members = group.status === 'success' ? group.data.members : null;
  const speakers = useMemo(
    () => new Map((members ?? []).map((m) => [m.id, { name: m.name, avatarUrl: m.avatarUrl }])),
    [members],
  );

  if (character.status !== 'success') {
    return (
      <CharacterLoadState
        state={character}
        loadingLabel="Loading chat"
        loading={<ChatSkeleton />}
      />
    );
  }
  const failed = [group, latest].find((s) => s.status === 'error');
  if (failed?.status === 'error' && isNotFound(failed.error)) return <NotFoundPage />;
  if (failed?.status === 'error') {
    return (
      <Page>
        <ErrorState message={errorText(failed.error)} onRetry={failed.retry} />
      </Page>
    );
  }
  if (group.status !== 'success' || latest.status !== 'success') return <ChatSkeleton />;
  // A group waiting for a moderator sends the visitor to a list, as a chatbot's chat does
  // (product-core.md, "Chat screen"): its creator to My Group Chats, where it shows Under Manual
  // Review; anyone else home.
  if (character.data.isInManualReview) {
    const list = character.data.isCreator ? paths.myGroupChats.build() : paths.home.build();
    return <Redirect to={list} replace />;
  }
  if (!group.data.isAvailable) {
    return (
      <Page>
        <h1>{character.data.name}</h1>
        <p role="status">{errorText({ code: 'group_unavailable' })}</p>
      </Page>
    );
  }
  if (persona.choice !== null) return <Page>{persona.choice}</Page>;
  return (
    <>
      {saved.dialogs}
      <ChatView
        persona={persona.persona}
        userPersona={persona.activePersona}
        character={character.data}
        conversationId={conversationId}
        isFromEmail={isFromEmail}
        onConversationStarted={choose}
        notFound={<NotFoundPage />}
        renderGuestLimit={(onClose) => <RegisterPrompt onClose={onClose} />}
        narrowHeaderItems={<GuestSignInButton />}
        menuItems={(activeId) => [
          ...saved.menuItems,
          ...persona.menuItems(activeId),
          ...autoResponse.menuItems,
        ]}
        pickMode={saved.pickMode}
        renderConversationBar={(id, lastMessageId, layout) => (
          <ContextMeter conversationId={id} lastMessageId={lastMessageId} layout={layout} />
        )}
        group={{
          speakers,
          greeterId: group.data.greetingCharacterId,
          turn: choice.mode === 'pick' ? choice : { mode: choice.mode },
          onStartNew: () => {
            choose(null);
          },
          onSent: () => {
            setChoice(automatic);
          },
          renderTurnBar: ({ conversationId: activeId, isSending }) => (
            <TurnBar
              members={group.data.members}
              choice={choice}
              onChoose={setChoice}
              conversationId={activeId}
              isSending={isSending}
              onNext={async (id) => {
                const ack = await nextGroupSpeaker(socket, id);
                return ack.ok ? null : ack.error;
              }}
              onError={(error) => {
                toast(errorText(error), 'error');
              }}
            />
          ),
        }}
      />
      {persona.dialog}
      {autoResponse.dialog}
    </>
  );
}
