import { ExportCardButtons } from '../../features/cards/components/export-card-buttons';
import { CharacterProfile } from '../../features/characters/components/character-profile';
import { useCharacter } from '../../features/characters/hooks/use-character';
import styled from 'styled-components';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { NotFoundPage } from './not-found';

export function ChatbotProfilePage({ id }: { id: string }) {
  const character = useCharacter(id);
  useDocumentTitle(character.status === 'success' ? character.data.name : null);

  if (character.status === 'error' && isNotFound(character.error)) return <NotFoundPage />;
  return (
    <Page>
      {character.status === 'loading' && <Spinner label="Loading chatbot" />}
      {character.status === 'error' && (
        <ErrorState message={errorText(character.error)} onRetry={character.retry} />
      )}
      {character.status === 'success' && <CharacterProfile character={character.data} />}
      {/* Only when the caller sees the definition (the creator, or a visible definition). */}
      {character.status === 'success' && character.data.persona !== null && (
        <Below>
          <ExportCardButtons characterId={character.data.id} />
        </Below>
      )}
    </Page>
  );
}

/** Under the profile, in its reading column. */
const Below = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: ${({ theme }) => theme.space.lg} auto 0;
`;
