import { useEffect, useRef, useState } from 'react';

/** Marks the extra history entry the guard adds while the form is dirty. */
const sentinelKey = 'charchatLeaveGuard';

/** Where a held departure was going: an in-app link, or one step back in history. */
export type PendingLeave = { kind: 'link'; to: string } | { kind: 'back' };

/**
 * The Back that drops the duplicate entry, while it is under way. `history.back()` lands later, so a
 * navigation made meanwhile would be undone by it; `go` waits for it first.
 */
let droppingEntry: Promise<void> | null = null;

function dropDuplicateEntry(): void {
  droppingEntry = new Promise((resolve) => {
    window.addEventListener(
      'popstate',
      () => {
        droppingEntry = null;
        resolve();
      },
      { once: true },
    );
  });
  window.history.back();
}

function isOnSentinel(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && sentinelKey in state;
}

/** Whether a form's values differ from those it opened with (what makes it dirty). */
export function valuesDiffer<T>(a: T, b: T): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * While `isDirty`, holds in-app link navigation (a click on a same-origin link) and the browser's Back
 * (product-rules.md §4, "Profile": unsaved-changes warning on back navigation) and asks first; a reload
 * or tab close gets the browser's own prompt. Back is caught with a duplicate history entry pushed while
 * dirty: Back only leaves that entry, the page stays, and the guard asks before really going back.
 */
export function useLeaveGuard(
  isDirty: boolean,
  navigate: (to: string, options?: { replace?: boolean }) => void,
): {
  pending: PendingLeave | null;
  proceed: () => void;
  stay: () => void;
  /** Navigates once the guard's own history step is done (after a save, say). */
  go: (to: string, options?: { replace?: boolean }) => void;
} {
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const pendingRef = useRef<PendingLeave | null>(null);

  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  useEffect(() => {
    if (!isDirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}`;
      if (to === `${window.location.pathname}${window.location.search}`) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onPopState = () => {
      // Back from the duplicate entry lands on the same page: hold it and ask.
      if (!isOnSentinel() && pendingRef.current === null) setPending({ kind: 'back' });
    };
    if (!isOnSentinel()) {
      window.history.pushState({ [sentinelKey]: true }, '', window.location.href);
    }
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      // Saved or discarded in place: drop the duplicate entry, unless a departure will reuse it.
      if (pendingRef.current === null && isOnSentinel()) dropDuplicateEntry();
    };
  }, [isDirty]);

  return {
    pending,
    proceed: () => {
      pendingRef.current = null;
      setPending(null);
      if (pending?.kind === 'link') {
        // Replace the duplicate entry, so Back from the destination returns to this page once.
        navigate(pending.to, { replace: isOnSentinel() });
      } else if (pending?.kind === 'back') {
        window.history.back();
      }
    },
    stay: () => {
      if (pending?.kind === 'back' && !isOnSentinel()) {
        window.history.pushState({ [sentinelKey]: true }, '', window.location.href);
      }
      pendingRef.current = null;
      setPending(null);
    },
    go: (to, options) => {
      if (droppingEntry === null) navigate(to, options);
      else void droppingEntry.then(() => navigate(to, options));
    },
  };
}
