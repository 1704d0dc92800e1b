/**
 * A chatbot's card art (issue 27 part 6): the original image its card came with, which the API hands
 * out only to whoever may see the chatbot, so it is fetched with the caller's credentials and shown
 * from a blob URL (an <img> request carries no access token). Null until it has come, or when there is
 * none or it cannot be fetched: the profile shows the square avatar then.
 */
import { useEffect, useState } from 'react';
import type { Character } from '#shared/schemas/character';
import { useServices } from '../../../lib/services';
import { fetchCardArt } from '../api';

export function useCardArt(character: Pick<Character, 'id' | 'cardArtUrl'>): string | null {
  const { api } = useServices();
  const [shown, setShown] = useState<{ id: string; url: string } | null>(null);
  const hasArt = character.cardArtUrl !== null;

  useEffect(() => {
    if (!hasArt) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchCardArt(api, character.id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setShown({ id: character.id, url: objectUrl });
      },
      // No art to show: the avatar stands in.
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [api, character.id, hasArt]);

  return hasArt && shown?.id === character.id ? shown.url : null;
}
