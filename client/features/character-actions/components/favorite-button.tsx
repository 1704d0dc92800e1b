/** The favorite heart of a card or profile: a toggle button (aria-pressed) with the limit's error modal. */
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { ErrorModal } from '../../../components/error-modal';
import { IconButton } from '../../../components/menu';
import { errorText } from '../../../lib/errors';
import type { SignInReason } from '../../../lib/sign-in-request';
import { useFavorite } from '../hooks/use-favorite';

export function FavoriteButton({
  character,
  isMember,
  onSignInRequired,
  variant,
}: {
  character: { id: string; name: string; isFavorite?: boolean };
  isMember: boolean;
  onSignInRequired: (reason: SignInReason) => void;
  variant: 'icon' | 'labelled';
}) {
  const favorite = useFavorite(character.id, character.isFavorite);
  const isOn = isMember && favorite.isFavorite;
  const onClick = () => {
    if (!isMember) onSignInRequired('favorite');
    else favorite.toggle();
  };
  const label = isOn
    ? `Remove ${character.name} from favorites`
    : `Add ${character.name} to favorites`;
  return (
    <>
      {variant === 'icon' ? (
        <Heart
          type="button"
          aria-label={label}
          aria-pressed={isOn}
          aria-disabled={isMember && !favorite.isReady}
          $isOn={isOn}
          onClick={onClick}
        >
          <span aria-hidden="true">{isOn ? '♥' : '♡'}</span>
        </Heart>
      ) : (
        <Button aria-pressed={isOn} aria-disabled={isMember && !favorite.isReady} onClick={onClick}>
          <HeartGlyph aria-hidden="true" $isOn={isOn}>
            {isOn ? '♥' : '♡'}
          </HeartGlyph>
          {isOn ? 'Favorited' : 'Favorite'}
        </Button>
      )}
      {favorite.limitError !== null && (
        <ErrorModal message={errorText(favorite.limitError)} onClose={favorite.clearLimitError} />
      )}
    </>
  );
}

const Heart = styled(IconButton)<{ $isOn: boolean }>`
  color: ${({ $isOn, theme }) => ($isOn ? theme.color.danger : theme.color.text)};

  &[aria-disabled='true'] {
    cursor: progress;
  }
`;

const HeartGlyph = styled.span<{ $isOn: boolean }>`
  color: ${({ $isOn, theme }) => ($isOn ? theme.color.danger : 'inherit')};
`;
