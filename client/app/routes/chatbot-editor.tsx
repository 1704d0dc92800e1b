/**
 * /chatbot/create, /chatbot/create/{draftId} and /chatbot/edit/{characterId} (product-core.md §2,
 * "Create chatbot"): guests get the create teaser; members with create_character the Chatbot Editor
 * (the route guard answers everyone else). Only the creator may edit: others see 'You are not allowed
 * to access this page'.
 *
 * A card import (or anything else) can start the editor from a value: render the create page with
 * `seed` (an EditorSeed, any CharacterInput fields) and a new `key`, e.g. from the import's own state.
 */
import styled from 'styled-components';
import type { CardImportFields } from '#shared/api/authoring';
import type { CardImportPreview } from '#shared/api/character-cards';
import type { CardBookChoice } from '#shared/cards/card-schemas';
import { isPrivateVisibility } from '#shared/rules/character';
import { ImportCardButton } from '../../features/cards/components/import-card-dialog';
import { useState } from 'react';
import { ChatbotEditor, draftSavedText } from '../../features/authoring/components/chatbot-editor';
import { CreateTeaser } from '../../features/authoring/components/create-teaser';
import { cardOfDraft, loadDraft } from '../../features/authoring/drafts';
import {
  valuesFromCharacter,
  valuesFromSeed,
  type EditorSeed,
} from '../../features/authoring/editor-values';
import { fetchOwnCharacter } from '../../features/authoring/api';
import { LorebookSection } from '../../features/lorebooks/components/lorebook-section';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { useServices } from '../../lib/services';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { useRenderRestricted } from '../character-menu';
import { CreateGate } from '../create-gate';
import { useIsLorebookOn } from '../feature-flags';
import { NotCreatorPage } from './forbidden';
import { NotFoundPage } from './not-found';

/** The notice a navigation carried here (Save Draft's 'Chatbot Saved'), read once on arrival. */
function useArrivalNotice(): string | null {
  const [notice] = useState<string | null>(() => {
    const state: unknown = window.history.state;
    return typeof state === 'object' &&
      state !== null &&
      'notice' in state &&
      state.notice === draftSavedText
      ? draftSavedText
      : null;
  });
  return notice;
}

/** What a guest sees on the editor's pages: the create teaser, whose sign-up opens sign-in. */
function chatbotTeaser(openSignIn: () => void) {
  return <CreateTeaser onSignUp={openSignIn} />;
}

/**
 * /chatbot/create: the editor, which an imported Character Card fills (the import dialog shows what
 * the card held first); the card's other data is saved with the chatbot so its export keeps it.
 */
export function ChatbotCreatePage() {
  useDocumentTitle('Chatbot Editor');
  // `n` counts imports, so each one starts the editor afresh.
  const [imported, setImported] = useState<{
    card: CardImportPreview;
    book: CardBookChoice;
    n: number;
  } | null>(null);
  const renderRestricted = useRenderRestricted();
  return (
    <CreateGate teaser={chatbotTeaser} reason="createChatbot">
      {(memberId) => (
        <>
          <ImportBar>
            <ImportCardButton
              onImported={(card, book) => {
                setImported((last) => ({ card, book, n: (last?.n ?? 0) + 1 }));
              }}
            />
          </ImportBar>
          <ChatbotEditor
            key={imported?.n ?? 0}
            memberId={memberId}
            mode={{ kind: 'create', draftId: null, card: imported && cardFields(imported) }}
            renderRestricted={renderRestricted}
            initial={valuesFromSeed(imported && seedOfCard(imported.card))}
          />
        </>
      )}
    </CreateGate>
  );
}

/** What the imported card brings to the save besides its fields: kept data, art, book choice. */
function cardFields({
  card,
  book,
}: {
  card: CardImportPreview;
  book: CardBookChoice;
}): CardImportFields {
  return { cardExtras: card.extras, cardArtUrl: card.cardArtUrl, cardBook: book };
}

/** The editor's starting values from an imported card: its fields and the avatar it carried. */
function seedOfCard(card: CardImportPreview): EditorSeed {
  return { ...card.character, avatarUrl: card.avatarUrl };
}

const ImportBar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/** /chatbot/create/{draftId}: the editor restored from a draft kept in this browser. */
export function ChatbotDraftPage({ draftId }: { draftId: string }) {
  useDocumentTitle('Chatbot Editor');
  const notice = useArrivalNotice();
  const renderRestricted = useRenderRestricted();
  return (
    <CreateGate teaser={chatbotTeaser} reason="createChatbot">
      {(memberId) => {
        const draft = loadDraft(memberId, draftId);
        if (draft === null) return <NotFoundPage />;
        return (
          <ChatbotEditor
            key={`${draftId}:${draft.savedAt}`}
            memberId={memberId}
            mode={{ kind: 'create', draftId, card: cardOfDraft(draft) }}
            renderRestricted={renderRestricted}
            initial={draft.values}
            notice={notice}
          />
        );
      }}
    </CreateGate>
  );
}

/** /chatbot/edit/{characterId}: the creator's own chatbot. */
export function ChatbotEditPage({ characterId }: { characterId: string }) {
  useDocumentTitle('Chatbot Editor');
  return (
    <CreateGate teaser={chatbotTeaser} reason="createChatbot">
      {(memberId) => <EditLoader memberId={memberId} id={characterId} />}
    </CreateGate>
  );
}

function EditLoader({ memberId, id }: { memberId: string; id: string }) {
  const { api } = useServices();
  const character = useQuery(`own-character:${id}`, (signal) => fetchOwnCharacter(api, id, signal));
  const renderRestricted = useRenderRestricted();
  const isLorebookOn = useIsLorebookOn() === true;
  if (character.status === 'loading') return <Spinner label="Loading chatbot" />;
  if (character.status === 'error') {
    if (character.error.code === 'character_not_owner') {
      return <NotCreatorPage documentTitle="Chatbot Editor" />;
    }
    if (isNotFound(character.error)) return <NotFoundPage />;
    return <ErrorState message={errorText(character.error)} onRetry={character.retry} />;
  }
  const isPrivate = isPrivateVisibility(character.data.visibility);
  return (
    <>
      <ChatbotEditor
        key={character.data.updatedAt}
        memberId={memberId}
        mode={{ kind: 'edit', character: character.data }}
        renderRestricted={renderRestricted}
        initial={valuesFromCharacter(character.data)}
      />
      {/* The lorebook section shows only while the bot is private (product-core.md §6). */}
      {isPrivate && isLorebookOn && <LorebookSection characterId={id} />}
    </>
  );
}
