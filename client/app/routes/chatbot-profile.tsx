import { CharacterProfile } from '../../features/characters/components/character-profile';
import { useCharacter } from '../../features/characters/hooks/use-character';
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
    </Page>
  );
}
