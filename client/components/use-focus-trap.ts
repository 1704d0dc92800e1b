/**
 * Keeps keyboard focus inside a dialog while it is open: Tab and Shift+Tab wrap around its focusable
 * elements and focus wandering outside is brought back. Optionally focuses the first element on open,
 * closes on Escape, and gives focus back on close.
 */
import { useEffect, useRef, type RefObject } from 'react';

const focusableSelector =
  'a[href], button:not(:disabled), textarea:not(:disabled), input:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)) : [];
}

export interface FocusTrapOptions {
  /** Focus the first focusable element when the dialog opens. */
  focusFirst: boolean;
  /** Called on Escape; without it Escape does nothing (the dialog cannot be dismissed). */
  onEscape?: () => void;
  /** Give focus back on close: to the element focused before, or else to this one. */
  returnFocus?: { fallback?: RefObject<HTMLElement | null> };
}

export function useFocusTrap(root: RefObject<HTMLElement | null>, options: FocusTrapOptions): void {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    const dialog = root.current;
    const previous = document.activeElement;
    // Without scrolling: a dialog taller than the screen opens at its title, not at its first button.
    if (optionsRef.current.focusFirst) focusablesIn(dialog)[0]?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      const { onEscape } = optionsRef.current;
      if (event.key === 'Escape' && onEscape) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const isLeaving = event.shiftKey
        ? document.activeElement === first || !dialog?.contains(document.activeElement)
        : document.activeElement === last || !dialog?.contains(document.activeElement);
      if (isLeaving) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && dialog !== null && !dialog.contains(event.target)) {
        focusablesIn(dialog)[0]?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const { returnFocus } = optionsRef.current;
      if (!returnFocus) return;
      if (previous instanceof HTMLElement) previous.focus();
      if (document.activeElement !== previous || previous === document.body) {
        returnFocus.fallback?.current?.focus();
      }
    };
  }, [root]);
}
