/**
 * The favorite toggle (product-core.md §4, "Favorite"): optimistic; on character_favorite_limit the
 * state reverts and the error modal shows, any other failure reverts with a toast. The member's
 * favorite ids load once per member for every card on screen; a click before they are known waits
 * for them instead of being lost.
 */
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { useMemberId } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { fetchFavoriteIds, setFavorite } from '../api';
import { favoritesAtom } from '../atoms';

/** Spec toasts (product-rules.md §8); the removal text is not given, this is the usual wording. */
export const favoriteTexts = {
  added: 'Bot added to Favorites',
  removed: 'Bot removed from Favorites',
  failed: 'Could not update your favorites. Please try again.',
} as const;

function withMark(ids: ReadonlySet<string>, id: string, isFavorite: boolean): ReadonlySet<string> {
  const next = new Set(ids);
  if (isFavorite) next.add(id);
  else next.delete(id);
  return next;
}

export function useFavorite(characterId: string, initial?: boolean) {
  const { api } = useServices();
  const store = useStore();
  const toast = useToast();
  const memberId = useMemberId();
  const favorites = useAtomValue(favoritesAtom);
  const [limitError, setLimitError] = useState<ApiError | null>(null);
  const [isPending, setIsPending] = useState(false);

  /** Loads the member's favorite ids unless they are known or on their way. */
  const ensureLoaded = useCallback(() => {
    if (memberId === null || store.get(favoritesAtom)?.memberId === memberId) return;
    store.set(favoritesAtom, { memberId, ids: null });
    fetchFavoriteIds(api).then(
      ({ ids }) => {
        if (store.get(favoritesAtom)?.memberId === memberId) {
          store.set(favoritesAtom, { memberId, ids: new Set(ids) });
        }
      },
      () => {
        // Forget the attempt, so the next card, page or click that asks loads them again.
        if (store.get(favoritesAtom)?.memberId === memberId) store.set(favoritesAtom, null);
      },
    );
  }, [api, store, memberId]);
  useEffect(ensureLoaded, [ensureLoaded]);

  /** The member's favorite ids once known; null when loading them failed. */
  const loadedIds = (): Promise<ReadonlySet<string> | null> =>
    new Promise((resolve) => {
      ensureLoaded();
      const check = () => {
        const state = store.get(favoritesAtom);
        if (state?.memberId === memberId && state.ids === null) return;
        unsubscribe();
        resolve(state?.ids ?? null);
      };
      const unsubscribe = store.sub(favoritesAtom, check);
      check();
    });

  const ids = memberId !== null && favorites?.memberId === memberId ? favorites.ids : null;
  const isFavorite = ids !== null ? ids.has(characterId) : (initial ?? false);

  const patch = (next: boolean) => {
    store.set(favoritesAtom, (state) =>
      state?.ids ? { ...state, ids: withMark(state.ids, characterId, next) } : state,
    );
  };

  const toggle = async () => {
    if (isPending) return;
    setIsPending(true);
    try {
      const known = await loadedIds();
      if (known === null) throw new Error('favorites could not be loaded');
      const next = !known.has(characterId);
      patch(next);
      try {
        await setFavorite(api, characterId, next);
        toast(next ? favoriteTexts.added : favoriteTexts.removed);
      } catch (err) {
        patch(!next);
        throw err;
      }
    } catch (err) {
      const error = toApiError(err);
      if (error.code === 'character_favorite_limit') setLimitError(error);
      else toast(favoriteTexts.failed, 'error');
    } finally {
      setIsPending(false);
    }
  };

  return {
    isFavorite,
    /** Whether the member's favorites are known and no change is in flight. */
    isReady: ids !== null && !isPending,
    /** Flips the favorite, at once or as soon as the member's favorites are known. */
    toggle: () => {
      void toggle();
    },
    limitError,
    clearLimitError: () => {
      setLimitError(null);
    },
  };
}
