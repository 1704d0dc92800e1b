/**
 * The chatbot's items in the chat header menu (product-core.md, "Chat screen"): Share Chatbot (public
 * or unlisted bots), Add or Remove from Favorites and Block Creator for others' bots, Edit Chatbot
 * for its creator, View Profile for everyone. The same favorite, share and block as the card's; guests
 * get the page's sign-in prompt for favorite and block.
 */
import { useState } from 'react';
import { canShare } from '#shared/rules/social';
import type { Character } from '#shared/schemas/character';
import { ErrorModal } from '../../../components/error-modal';
import type { MenuItem } from '../../../components/menu';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { BlockCreatorDialog } from '../components/block-creator-dialog';
import { ShareDialog } from '../components/share-dialog';
import { useFavorite } from './use-favorite';
import type { SignInReason } from '../../../lib/sign-in-request';

export type MenuCharacter = Pick<
  Character,
  'id' | 'name' | 'creatorUsername' | 'visibility' | 'isCreator' | 'isFavorite'
>;

/** `character` is null while it loads, and the menu then has none of its items. */
export function useCharacterMenuItems(
  characterId: string,
  character: MenuCharacter | null,
  {
    onSignInRequired,
    onBlocked,
  }: {
    /** Opens the sign-in modal saying why, what a guest gets instead of favorite or block. */
    onSignInRequired: (reason: SignInReason) => void;
    /** Called once the creator is blocked: the bot and its chats are closed to the member. */
    onBlocked: () => void;
  },
) {
  const session = useSession();
  const isMember = session.status === 'member';
  const [dialog, setDialog] = useState<'share' | 'block' | null>(null);
  const favorite = useFavorite(characterId, character?.isFavorite);
  const memberOnly = (reason: SignInReason, run: () => void) =>
    isMember
      ? run
      : () => {
          onSignInRequired(reason);
        };
  const close = () => {
    setDialog(null);
  };

  const items: MenuItem[] = [];
  if (character !== null) {
    if (canShare(character, false)) {
      items.push({
        label: 'Share Chatbot',
        onSelect: () => {
          setDialog('share');
        },
      });
    }
    if (character.isCreator) {
      items.push({ label: 'Edit Chatbot', href: paths.chatbotEdit.build(character.id) });
    } else {
      const isOn = isMember && favorite.isFavorite;
      items.push({
        label: isOn ? 'Remove from Favorites' : 'Add to Favorites',
        onSelect: memberOnly('favorite', favorite.toggle),
      });
      if (character.creatorUsername !== null) {
        items.push({
          label: 'Block Creator',
          tone: 'danger',
          onSelect: memberOnly('block', () => {
            setDialog('block');
          }),
        });
      }
    }
    items.push({ label: 'View Profile', href: paths.chatbot.build(character.id) });
  }

  const dialogs = (
    <>
      {dialog === 'share' && character !== null && (
        <ShareDialog character={character} onClose={close} />
      )}
      {dialog === 'block' && character?.creatorUsername != null && (
        <BlockCreatorDialog
          creator={character.creatorUsername}
          onBlocked={onBlocked}
          onClose={close}
        />
      )}
      {favorite.limitError !== null && (
        <ErrorModal message={errorText(favorite.limitError)} onClose={favorite.clearLimitError} />
      )}
    </>
  );
  return { menuItems: items, dialogs };
}
