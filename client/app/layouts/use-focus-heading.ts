/**
 * Moves focus to the new page's heading after an in-app navigation, as a full page load would put a
 * screen reader at the top: without it focus stays on the link that was clicked (or falls to <body>
 * when that link went away), and the new page is never announced. The first load is left to the
 * browser. Focus the visitor placed inside the page (a field that survived the navigation, a dialog)
 * is left alone. A page still loading gets its heading focused when it appears.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** How long to wait for a loading page's heading before giving up. */
const headingWaitMs = 10_000;

function hasFocusWithin(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || active === main) return false;
  return main.contains(active) || active.closest('[role="dialog"]') !== null;
}

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

export function useFocusHeadingOnNavigation(
  mainRef: RefObject<HTMLElement | null>,
  /** Changes on every navigation (path and query). */
  navigationKey: string,
): void {
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const main = mainRef.current;
    if (main === null || hasFocusWithin(main)) return;
    const find = () => main.querySelector<HTMLElement>('h1');
    const heading = find();
    if (heading !== null) {
      focusHeading(heading);
      return;
    }
    const observer = new MutationObserver(() => {
      const appeared = find();
      if (appeared === null) return;
      stop();
      if (!hasFocusWithin(main)) focusHeading(appeared);
    });
    const timer = setTimeout(() => {
      stop();
    }, headingWaitMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [mainRef, navigationKey]);
}
