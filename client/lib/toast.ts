/**
 * Short confirmations of an action ('Bot added to Favorites', product-rules.md §8): the one place toasts
 * are queued; app/layouts/toast-host.tsx shows them in a live region and lets each go after a while.
 * A bar of controls at the bottom of the screen keeps them clear of itself (useToastClearance).
 */
import { atom, useSetAtom } from 'jotai';
import { useCallback, useEffect, type RefObject } from 'react';

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

/** How much of the bottom of the screen toasts keep clear of, in px (0: none). */
export const toastClearanceAtom = atom(0);

/**
 * Keeps toasts clear of a bar of controls at the bottom of the screen while it is mounted (the
 * message-pick bar's Cancel and confirm): they show above it instead of over it, as they would on a
 * narrow screen. The bar's height is followed as it changes.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  const setClearance = useSetAtom(toastClearanceAtom);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      setClearance(Math.max(0, Math.ceil(window.innerHeight - top)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      setClearance(0);
    };
  }, [ref, setClearance]);
}
