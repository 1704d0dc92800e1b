/**
 * The card and profile actions of features/character-actions, composed with what they need from other
 * features: the Sign In modal for guests (auth) and the Restricted! dialog with the application's
 * support link (profile, app-settings). Pages render these instead of composing them each time.
 */
import type { ReactNode } from 'react';
import type { CharacterSummary } from '#shared/schemas/character';
import { useCustomerSupportUrl } from '../features/app-settings/hooks/use-app-settings';
import {
  CharacterActions,
  type ActionCharacter,
} from '../features/character-actions/components/character-actions';
import { useIsRemovedFromView } from '../features/character-actions/hooks/use-removed-from-view';
import {
  useCharacterMenuItems,
  type MenuCharacter,
} from '../features/character-actions/hooks/use-character-menu-items';
import { RatingControl } from '../features/character-actions/components/rating-control';
import { RestrictedDialog } from '../features/profile/components/restricted-dialog';
import type { RatingState } from '#shared/api/social';
import type { BotRating } from '#shared/rules/social';
import { useOpenSignIn } from '../lib/sign-in-request';

/** The Restricted! dialog with the application's support link, for whatever a member may not do. */
export function useRenderRestricted(): (onClose: () => void) => ReactNode {
  const supportUrl = useCustomerSupportUrl();
  return (onClose) => <RestrictedDialog supportUrl={supportUrl} onClose={onClose} />;
}

function useComposition() {
  return {
    onSignInRequired: useOpenSignIn(),
    renderRestricted: useRenderRestricted(),
  };
}

/** What a library page gives its grid: each card's actions, and which cards left the view. */
export function useLibraryCardActions(): {
  actionsOf: (character: CharacterSummary) => ReactNode;
  isHidden: (character: CharacterSummary) => boolean;
} {
  return {
    actionsOf: (character) => <CardActions character={character} />,
    isHidden: useIsRemovedFromView(),
  };
}

/** A library card's actions. */
export function CardActions({ character }: { character: CharacterSummary }) {
  return <CharacterActions character={character} variant="card" {...useComposition()} />;
}

/** The chatbot profile's actions; `onRemoved` leaves the page once the bot is gone for the member. */
export function ProfileActions({
  character,
  onRemoved,
}: {
  character: ActionCharacter;
  onRemoved: () => void;
}) {
  return (
    <CharacterActions
      character={character}
      variant="profile"
      onRemoved={onRemoved}
      {...useComposition()}
    />
  );
}

/** The chatbot's items in the chat header menu, with the Sign In modal for guests. */
export function useChatCharacterMenu(
  characterId: string,
  character: MenuCharacter | null,
  onBlocked: () => void,
) {
  const { onSignInRequired } = useComposition();
  return useCharacterMenuItems(characterId, character, { onSignInRequired, onBlocked });
}

/** The profile's bot rating, for guests a sign-in prompt on choice. */
export function ProfileRating({
  characterId,
  myRating,
  onRated,
}: {
  characterId: string;
  myRating: BotRating | null;
  onRated: (state: RatingState) => void;
}) {
  const { onSignInRequired } = useComposition();
  return (
    <RatingControl
      characterId={characterId}
      myRating={myRating}
      onRated={onRated}
      onSignInRequired={onSignInRequired}
    />
  );
}
