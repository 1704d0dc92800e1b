import { useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { Persona } from '#shared/schemas/persona';
import { IdParamsSchema } from '#shared/api/characters';
import { ConversationTitleSchema } from '#shared/rules/conversation';
import { NsfwSignInPrompt } from '../../features/auth/components/nsfw-sign-in-prompt';
import { RegisterPrompt } from '../../features/auth/components/register-prompt';
import { useCharacter } from '../../features/characters/hooks/use-character';
import { ChatView } from '../../features/chat/components/chat-view';
import type { PickMode } from '../../features/chat/components/message-pick';
import { cloneChat, fetchConversation } from '../../features/saved-chats/api';
import {
  savedChatTexts,
  useConversationDialogs,
} from '../../features/saved-chats/hooks/use-conversation-dialogs';
import { ContextMeter } from '../../features/generation/components/context-meter';
import { GenerationSettingsModal } from '../../features/generation/components/generation-settings-modal';
import { MemoryManager } from '../../features/memories/components/memory-manager';
import { WaitingRoomComposerNotice } from '../../features/waiting-room/components/waiting-room-composer-notice';
import { WaitingRoomModal } from '../../features/waiting-room/components/waiting-room-modal';
import { useWaitingRoomJoin } from '../../features/waiting-room/hooks/use-waiting-room-join';
import { useWaitingRoomRefusal } from '../../features/waiting-room/hooks/use-waiting-room-refusal';
import { fetchPersonas, setChoiceShown } from '../../features/personas/api';
import { ChangePersonaDialog } from '../../features/personas/components/change-persona-dialog';
import { PersonaChoice } from '../../features/personas/components/persona-choice';
import { Spinner } from '../../components/spinner';
import { useMe, usePermissions } from '../../lib/member';
import { mayManageMemories } from '#shared/rules/memory';
import { ErrorState } from '../../components/state-panel';
import type { MenuItem } from '../../components/menu';
import { errorText, isNotFound } from '../../lib/errors';
import { useServices } from '../../lib/services';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { useQuery } from '../../lib/use-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { newConversationId, paths } from '../../lib/paths';
import { NotFoundPage } from './not-found';

interface ChatPageProps {
  characterId: string;
  /** A conversation id, or `new` for a fresh conversation. */
  conversationId: string;
}

/** /chat/{characterId}/{conversationId}: composes the character (header, greeting) and the chat. */
export function ChatPage({ characterId, conversationId }: ChatPageProps) {
  const [location, navigate] = useLocation();
  const { api } = useServices();
  const me = useMe();
  const isMember = me !== null;
  // A member's personas, for the choice before a new chat (guests have none).
  const personas = useQuery(`chat-personas:${isMember ? me.id : 'guest'}`, (signal) =>
    isMember ? fetchPersonas(api, signal) : Promise.resolve(null),
  );
  const [chosen, setChosen] = useState<Persona | null>(null);
  const [isChangingPersona, setIsChangingPersona] = useState<string | null>(null);
  const character = useCharacter(characterId);
  const onWaitingRoom = useWaitingRoomRefusal();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [memoriesOf, setMemoriesOf] = useState<string | null>(null);
  const permissions = usePermissions();
  // Opening a chat (of a character that exists) is what lines a visitor up; browsing never does.
  useWaitingRoomJoin(character.status === 'success' ? characterId : null);
  useDocumentTitle(character.status === 'success' ? `Chat with ${character.data.name}` : null);

  const isNew = conversationId === newConversationId;
  const characterName = character.status === 'success' ? character.data.name : '';
  const saved = useSavedChatActions(characterId, isNew ? null : conversationId, characterName);
  if (!isNew && !IdParamsSchema.safeParse({ id: conversationId }).success) return <NotFoundPage />;
  if (character.status === 'error' && isNotFound(character.error)) return <NotFoundPage />;
  // A guest on an NSFW chatbot gets the login prompt, not the generic error.
  if (character.status === 'error' && character.error.code === 'sign_up_required') {
    return (
      <Page>
        <NsfwSignInPrompt />
      </Page>
    );
  }
  if (character.status !== 'success') {
    return (
      <Page>
        {character.status === 'loading' ? (
          <Spinner label="Loading chat" />
        ) : (
          <ErrorState message={errorText(character.error)} onRetry={character.retry} />
        )}
      </Page>
    );
  }
  // A bot waiting for a moderator sends the visitor to the chatbots list (product-core.md, "Chat
  // screen"): its creator to My Chatbots, where it shows Under Manual Review; anyone else home.
  if (character.data.isInManualReview) {
    const list = character.data.isCreator ? paths.myChatbots.build() : paths.home.build();
    return <Redirect to={list} replace />;
  }
  const list = personas.status === 'success' ? personas.data : null;
  if (isNew && chosen === null && list !== null && list.isChoiceShown && list.items.length > 0) {
    return (
      <Page>
        <PersonaChoice
          characterName={character.data.name}
          personas={list.items}
          backPath={location}
          onChoose={(persona, isHiddenFromNow) => {
            setChosen(persona);
            if (isHiddenFromNow) void setChoiceShown(api, false);
          }}
        />
      </Page>
    );
  }
  const newChatPersona = chosen ?? list?.items.find((p) => p.isDefault) ?? null;
  return (
    <>
      {saved.dialogs}
      {isSettingsOpen && (
        <GenerationSettingsModal
          onClose={() => {
            setIsSettingsOpen(false);
          }}
        />
      )}
      <ChatView
        persona={newChatPersona}
        key={characterId}
        character={character.data}
        conversationId={isNew ? null : conversationId}
        onConversationStarted={(id) => {
          navigate(paths.chat.build(characterId, id), { replace: true });
        }}
        notFound={<NotFoundPage />}
        renderGuestLimit={(onClose) => <RegisterPrompt onClose={onClose} />}
        waitingRoomModal={WaitingRoomModal}
        onWaitingRoom={onWaitingRoom}
        composerNotice={<WaitingRoomComposerNotice characterId={characterId} />}
        menuItems={(activeId) => [
          ...saved.menuItems,
          ...(isMember && activeId !== null
            ? [
                {
                  label: 'Change Persona',
                  onSelect: () => {
                    setIsChangingPersona(activeId);
                  },
                },
              ]
            : []),
          ...(isMember && activeId !== null
            ? [
                {
                  label: 'Manage Memories',
                  onSelect: () => {
                    setMemoriesOf(activeId);
                  },
                },
              ]
            : []),
          ...(isMember
            ? [
                {
                  label: 'Generation Settings',
                  onSelect: () => {
                    setIsSettingsOpen(true);
                  },
                },
              ]
            : []),
        ]}
        pickMode={saved.pickMode}
        renderConversationBar={(id, lastMessageId) => (
          <ContextMeter conversationId={id} lastMessageId={lastMessageId} />
        )}
      />
      {memoriesOf !== null && (
        <MemoryManager
          conversationId={memoriesOf}
          mayManage={mayManageMemories(permissions ?? [])}
          onClose={() => {
            setMemoriesOf(null);
          }}
        />
      )}
      {isChangingPersona !== null && (
        <ChangePersonaDialog
          conversationId={isChangingPersona}
          characterName={character.data.name}
          backPath={location}
          onClose={() => {
            setIsChangingPersona(null);
          }}
        />
      )}
    </>
  );
}

/**
 * The header menu's saved-chat items (View Saved Chats, Clone Conversation, Change Title, Export
 * Chat) and the partial-clone mode the URL asks for (`?cloneType=partial&cloneTitle=…`).
 */
function useSavedChatActions(characterId: string, conversationId: string | null, name: string) {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const { api } = useServices();
  const session = useSession();
  const toast = useToast();
  const [isCloning, setIsCloning] = useState(false);
  // The title, for Change Title and Clone to start from; read again once it changed.
  const current = useQuery(`conversation-title:${conversationId ?? ''}`, (signal) =>
    conversationId === null
      ? Promise.resolve(null)
      : fetchConversation(api, conversationId, signal),
  );
  const dialogs = useConversationDialogs({
    onRenamed: current.retry,
    onPartialClone: (conversation, title) => {
      navigate(paths.chat.build(characterId, conversation.id, title));
    },
  });
  const cloneTitle = ConversationTitleSchema.safeParse(search.get('cloneTitle') ?? '');
  const pickMode: PickMode | null =
    conversationId !== null && search.get('cloneType') === 'partial' && cloneTitle.success
      ? {
          prompt: 'Pick the last message to clone',
          confirmLabel: 'Clone',
          isBusy: isCloning,
          onCancel: () => {
            navigate(paths.chat.build(characterId, conversationId), { replace: true });
          },
          onConfirm: (lastMessageId) => {
            setIsCloning(true);
            cloneChat(api, conversationId, { title: cloneTitle.data, lastMessageId }).then(
              (copy) => {
                setIsCloning(false);
                toast(savedChatTexts.cloned);
                navigate(paths.chat.build(characterId, copy.id));
              },
              () => {
                setIsCloning(false);
                toast(savedChatTexts.cloneFailed, 'error');
              },
            );
          },
        }
      : null;

  const label = current.status === 'success' ? (current.data?.label ?? null) : null;
  const ref = conversationId === null ? null : { id: conversationId, label, characterName: name };
  const menuItems: MenuItem[] = [];
  // Saved chats are a member's (guests' chats are not listed).
  if (session.status === 'member') {
    menuItems.push({ label: 'View Saved Chats', href: paths.savedChats.build(characterId) });
  }
  if (ref !== null) {
    menuItems.push(
      {
        label: 'Clone Conversation',
        onSelect: () => {
          dialogs.clone(ref);
        },
      },
      {
        label: 'Change Title',
        onSelect: () => {
          dialogs.changeTitle(ref);
        },
      },
    );
    if (session.status === 'member') {
      menuItems.push({
        label: 'Export Chat',
        onSelect: () => {
          dialogs.exportChat(ref.id);
        },
      });
    }
  }
  return { menuItems, pickMode, dialogs: dialogs.dialogs };
}
