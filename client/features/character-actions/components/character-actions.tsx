/**
 * The actions on a chatbot, one set for its card and its profile (product-core.md, "Card actions" and
 * §6): favorite, share (public or unlisted bots only), and a menu with Chat, Report, Block Creator and
 * Less like this for others' bots, Edit and Delete for one's own. Guests get the page's sign-in prompt
 * for every action that needs an account.
 */
import { useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { canShare } from '#shared/rules/social';
import type { CharacterSummary, Character } from '#shared/schemas/character';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorModal } from '../../../components/error-modal';
import { Menu, type MenuItem } from '../../../components/menu';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { errorText, isRestrictedError } from '../../../lib/errors';
import { useMe } from '../../../lib/member';
import { chatPath, paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { dislike, removeCharacter } from '../api';
import { removedCharacterIdsAtom } from '../atoms';
import { BlockCreatorDialog } from './block-creator-dialog';
import { FavoriteButton } from './favorite-button';
import { ShareDialog } from './share-dialog';
import type { SignInReason } from '../../../lib/sign-in-request';

/** Toasts of this menu; the spec names only 'Bot added to Favorites' (see use-favorite.ts). */
export const actionTexts = {
  deleted: 'Chatbot deleted',
  lessLikeThis: "Got it: you'll see less like this.",
} as const;

export type ActionCharacter = Pick<CharacterSummary, 'id' | 'type' | 'name' | 'creatorUsername'> &
  Partial<Pick<Character, 'visibility' | 'isCreator' | 'isFavorite'>>;

interface CharacterActionsProps {
  /**
   * The chatbot; a card from a public listing has no `visibility` and counts as public (listings show
   * nothing else), nor `isCreator`, which is then read from the creator's username.
   */
  character: ActionCharacter;
  variant: 'card' | 'profile';
  /** Opens the sign-in modal, saying why: what a guest gets instead of an action needing an account. */
  onSignInRequired: (reason: SignInReason) => void;
  /** The Restricted! dialog for a member who may not delete chatbots. */
  renderRestricted: (onClose: () => void) => ReactNode;
  /** Called once the chatbot left the view (deleted, less liked, its creator blocked). */
  onRemoved?: () => void;
}

type Dialog = 'share' | 'block' | 'delete' | 'restricted' | null;

export function CharacterActions({
  character,
  variant,
  onSignInRequired,
  renderRestricted,
  onRemoved,
}: CharacterActionsProps) {
  const { api } = useServices();
  const session = useSession();
  const me = useMe();
  const toast = useToast();
  const setRemoved = useSetAtom(removedCharacterIdsAtom);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const isMember = session.status === 'member';
  const creator = character.creatorUsername;
  const isCreator =
    character.isCreator ??
    (isMember && me?.username != null && creator !== null && me.username === creator);
  const isShareable = canShare({ visibility: character.visibility ?? 'public' }, false);
  const memberOnly = (reason: SignInReason, run: () => void) =>
    isMember
      ? run
      : () => {
          onSignInRequired(reason);
        };

  const removeFromView = () => {
    setRemoved((ids) => new Set(ids).add(character.id));
    onRemoved?.();
  };

  /** Runs a confirmed action; the dialog closes when it is done either way. */
  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await action();
      setDialog(null);
    } catch (err) {
      // Without delete_character the spec's Restricted! dialog answers, not the error modal.
      const failure = toApiError(err);
      const isRestricted = isRestrictedError(failure);
      setDialog(isRestricted ? 'restricted' : null);
      if (!isRestricted) setError(failure);
    } finally {
      setIsBusy(false);
    }
  };

  const deleteOwn = () =>
    run(async () => {
      await removeCharacter(api, character.id);
      toast(actionTexts.deleted);
      removeFromView();
    });

  const lessLikeThis = async () => {
    try {
      await dislike(api, character.id);
      toast(actionTexts.lessLikeThis);
      removeFromView();
    } catch (err) {
      setError(toApiError(err));
    }
  };

  const items: MenuItem[] = [];
  if (variant === 'card') {
    items.push({ label: 'Chat', href: chatPath(character) });
    if (isShareable) items.push({ label: 'Share', onSelect: () => setDialog('share') });
  }
  if (isCreator) {
    items.push({ label: 'Edit', href: paths.chatbotEdit.build(character.id) });
    items.push({ label: 'Delete', tone: 'danger', onSelect: () => setDialog('delete') });
  } else {
    if (isMember) items.push({ label: 'Report', href: paths.report.build(character.id) });
    else {
      items.push({
        label: 'Report',
        onSelect: () => {
          onSignInRequired('report');
        },
      });
    }
    if (creator !== null) {
      items.push({
        label: 'Block Creator',
        tone: 'danger',
        onSelect: memberOnly('block', () => setDialog('block')),
      });
    }
    if (variant === 'card') {
      items.push({
        label: 'Less like this',
        onSelect: memberOnly('lessLike', () => {
          void lessLikeThis();
        }),
      });
    }
  }

  return (
    <Bar>
      {variant === 'profile' && isShareable && (
        <Button onClick={() => setDialog('share')}>Share</Button>
      )}
      {!isCreator && (
        <FavoriteButton
          character={character}
          isMember={isMember}
          onSignInRequired={onSignInRequired}
          variant={variant === 'card' ? 'icon' : 'labelled'}
        />
      )}
      {items.length > 0 && (
        <Menu label={`More actions for ${character.name}`} icon="⋯" items={items} />
      )}

      {dialog === 'share' && <ShareDialog character={character} onClose={() => setDialog(null)} />}
      {dialog === 'block' && creator !== null && (
        <BlockCreatorDialog
          creator={creator}
          onBlocked={onRemoved}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${character.name}?`}
          confirmLabel="Delete"
          isBusy={isBusy}
          onConfirm={() => {
            void deleteOwn();
          }}
          onCancel={() => setDialog(null)}
        >
          <p>The chatbot and every chat with it are deleted for good. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      {dialog === 'restricted' && renderRestricted(() => setDialog(null))}
      {error !== null && <ErrorModal message={errorText(error)} onClose={() => setError(null)} />}
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
