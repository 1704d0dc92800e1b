import { useEffect, useState } from 'react';
import { useServices } from '../../../lib/services';
import { fetchGreetings } from '../api';

/**
 * The greetings a fresh chat opens with and the one shown: the character's own until the others load
 * (an imported card's alternate greetings, a group's greeter's group-only ones), browsed like a reply's
 * alternatives; the first send starts the chat on the one shown, keeping the others as alternatives.
 */
export function useOpeningGreetings(character: { id: string; greeting: string }, isFresh: boolean) {
  const { api } = useServices();
  const [loaded, setLoaded] = useState<{ forId: string; list: readonly string[] } | null>(null);
  const [shownIndex, setShownIndex] = useState(0);
  const list =
    loaded !== null && loaded.forId === character.id && loaded.list.length > 0
      ? loaded.list
      : [character.greeting];

  useEffect(() => {
    if (!isFresh) return undefined;
    const controller = new AbortController();
    fetchGreetings(api, character.id, controller.signal).then(
      (page) => {
        setLoaded({ forId: character.id, list: page.greetings });
      },
      // Without them the chat opens on the character's own greeting, as before.
      () => undefined,
    );
    return () => {
      controller.abort();
    };
  }, [api, character.id, isFresh]);

  const index = Math.min(shownIndex, list.length - 1);
  return {
    shown: list[index] ?? '',
    /** Which greeting is shown, and how many there are, once there are several. */
    browsing: list.length > 1 ? { index, count: list.length } : null,
    browse: (step: -1 | 1) => {
      setShownIndex(Math.min(list.length - 1, Math.max(0, index + step)));
    },
  };
}
