import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Persona } from '#shared/schemas/persona';
import { IdParamsSchema } from '#shared/api/characters';
import { NsfwSignInPrompt } from '../../features/auth/components/nsfw-sign-in-prompt';
import { RegisterPrompt } from '../../features/auth/components/register-prompt';
import { useCharacter } from '../../features/characters/hooks/use-character';
import { ChatView } from '../../features/chat/components/chat-view';
import { WaitingRoomComposerNotice } from '../../features/waiting-room/components/waiting-room-composer-notice';
import { WaitingRoomModal } from '../../features/waiting-room/components/waiting-room-modal';
import { useWaitingRoomJoin } from '../../features/waiting-room/hooks/use-waiting-room-join';
import { useWaitingRoomRefusal } from '../../features/waiting-room/hooks/use-waiting-room-refusal';
import { fetchPersonas, setChoiceShown } from '../../features/personas/api';
import { ChangePersonaDialog } from '../../features/personas/components/change-persona-dialog';
import { PersonaChoice } from '../../features/personas/components/persona-choice';
import { Spinner } from '../../components/spinner';
import { useMe } from '../../lib/member';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
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
  // Opening a chat (of a character that exists) is what lines a visitor up; browsing never does.
  useWaitingRoomJoin(character.status === 'success' ? characterId : null);
  useDocumentTitle(character.status === 'success' ? `Chat with ${character.data.name}` : null);

  const isNew = conversationId === newConversationId;
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
      <ChatView
        persona={newChatPersona}
        headerMenuItems={(activeId) =>
          isMember && activeId !== null
            ? [
                {
                  label: 'Change Persona',
                  onSelect: () => {
                    setIsChangingPersona(activeId);
                  },
                },
              ]
            : []
        }
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
      />
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
