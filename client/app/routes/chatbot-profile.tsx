import { useState } from 'react';
import { useLocation } from 'wouter';
import type { RatingState } from '#shared/api/social';
import { canRate } from '#shared/rules/social';
import { TranslationLanguageSchema } from '#shared/rules/translation';
import { ExportCardButtons } from '../../features/cards/components/export-card-buttons';
import { CharacterProfile } from '../../features/characters/components/character-profile';
import { useCharacter } from '../../features/characters/hooks/use-character';
import { TranslateButton } from '../../features/translation/components/translate-button';
import styled from 'styled-components';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CharacterLoadState } from '../character-load-state';
import { ProfileActions, ProfileRating } from '../character-menu';
import { Page } from '../layouts/page';

/**
 * /chatbot/{id}: the profile, with the card actions, Translate when the member may translate it into
 * their chat language, and, on public bots, the bot rating.
 */
export function ChatbotProfilePage({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const session = useSession();
  const character = useCharacter(id);
  // A rating answered by the server, over the profile as first loaded (keyed by the bot).
  const [rated, setRated] = useState<(RatingState & { id: string }) | null>(null);
  useDocumentTitle(character.status === 'success' ? character.data.name : null);

  if (character.status !== 'success') {
    return <CharacterLoadState state={character} loadingLabel="Loading chatbot" />;
  }
  const shown = rated?.id === id ? { ...character.data, ...rated } : character.data;
  const mayRate = canRate(shown, { isMember: true, isCreator: shown.isCreator });
  const translateTo = TranslationLanguageSchema.safeParse(shown.translatableTo);
  return (
    <Page>
      <CharacterProfile
        character={shown}
        actions={
          <>
            <ProfileActions
              character={shown}
              onRemoved={() => {
                navigate(paths.home.build());
              }}
            />
            {translateTo.success && (
              <TranslateButton
                character={shown}
                to={translateTo.data}
                onTranslated={character.retry}
              />
            )}
          </>
        }
        rating={
          // Guests see the control too: choosing asks them to sign in.
          mayRate ? (
            <ProfileRating
              key={`${id}:${session.status}`}
              characterId={id}
              myRating={shown.myRating}
              onRated={(state) => {
                setRated({ ...state, id });
              }}
            />
          ) : undefined
        }
      />
      {/* Only when the caller sees the definition (the creator, or a visible definition). */}
      {shown.persona !== null && (
        <Below>
          <ExportCardButtons characterId={shown.id} />
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
