/**
 * A conversation list in pages of 25 (product-rules.md §7: limit and last_id; the item marked
 * isLastId ends the list): the first page loads per scope, Load More asks for the page after the last
 * item held, and the list's own edits (a new clone first, a title, a removal) apply in place.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ConversationPage } from '#shared/api/conversations';
import type { ConversationSummary } from '#shared/schemas/conversation';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { fetchConversationPage, type ListScope } from '../api';

export type ConversationItem = ConversationPage['items'][number];

interface ListState {
  key: string;
  items: ConversationItem[];
  status: 'loading' | 'ready' | 'error';
  error: ApiError | null;
  isLoadingMore: boolean;
  moreError: ApiError | null;
}

export function useConversationPages(scope: ListScope) {
  const { api } = useServices();
  const key = `${scope.characterId ?? ''}\n${scope.search}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const base = { key, items: [], isLoadingMore: false, moreError: null };
    fetchConversationPage(api, scope, undefined, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) {
          setState({ ...base, items: page.items, status: 'ready', error: null });
        }
      },
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setState({ ...base, status: 'error', error: toApiError(err) });
        }
      },
    );
    return () => {
      controller.abort();
    };
    // The scope's fields are the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key, attempt]);

  const current: ListState =
    state?.key === key
      ? state
      : { key, items: [], status: 'loading', error: null, isLoadingMore: false, moreError: null };
  const last = current.items.at(-1);
  const hasMore = current.status === 'ready' && last !== undefined && !last.isLastId;

  const loadMore = useCallback(() => {
    if (!hasMore || current.isLoadingMore) return;
    const lastId = last.id;
    setState((s) => (s?.key === key ? { ...s, isLoadingMore: true, moreError: null } : s));
    fetchConversationPage(api, scope, lastId).then(
      (page) => {
        setState((s) =>
          s?.key === key ? { ...s, items: [...s.items, ...page.items], isLoadingMore: false } : s,
        );
      },
      (err: unknown) => {
        setState((s) =>
          s?.key === key ? { ...s, isLoadingMore: false, moreError: toApiError(err) } : s,
        );
      },
    );
    // The scope's fields are the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key, hasMore, current.isLoadingMore, last]);

  const edit = (change: (items: ConversationItem[]) => ConversationItem[]) => {
    setState((s) => (s?.key === key ? { ...s, items: change(s.items) } : s));
  };

  return {
    ...current,
    hasMore,
    loadMore,
    retry: () => {
      setAttempt((a) => a + 1);
    },
    /** A new clone goes first (product-rules.md §3: "prepends it to the list"). */
    prepend: (copy: ConversationSummary) => {
      edit((items) => [{ ...copy, isLastId: items.length === 0 }, ...items]);
    },
    rename: (id: string, label: string) => {
      edit((items) => items.map((c) => (c.id === id ? { ...c, label } : c)));
    },
    drop: (id: string) => {
      edit((items) => {
        const kept = items.filter((c) => c.id !== id);
        // The removed item may have ended the list: its predecessor ends it now.
        const removedLast = items.at(-1)?.id === id && items.at(-1)?.isLastId === true;
        return removedLast && kept.length > 0
          ? kept.map((c, i) => (i === kept.length - 1 ? { ...c, isLastId: true } : c))
          : kept;
      });
    },
  };
}
