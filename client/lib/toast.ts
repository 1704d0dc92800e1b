/**
 * Short confirmations of an action ('Bot added to Favorites', product-rules.md §8): the one place toasts
 * are queued; app/layouts/toast-host.tsx shows them in a live region and lets each go after a while.
 */
import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

/** The toasts on screen, oldest first. */
export const toastsAtom = atom<readonly Toast[]>([]);

/** How long a toast stays (the spec's success messages stay 3 s). */
export const toastMs = 3000;

let nextId = 1;

/** Shows a toast; answers nothing, the host removes it after `toastMs`. */
export function useToast(): (text: string, tone?: Toast['tone']) => void {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (text, tone = 'info') => {
      const id = nextId++;
      // At most three at once: the newest push out the oldest.
      setToasts((toasts) => [...toasts.slice(-2), { id, text, tone }]);
    },
    [setToasts],
  );
}
