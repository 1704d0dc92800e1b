import { useEffect, useState } from 'react';

/**
 * While `isDirty`, holds in-app link navigation (a click on a same-origin link) and asks first; a
 * reload or tab close gets the browser's own prompt. Returns the held destination, with ways to go on
 * or stay.
 */
export function useLeaveGuard(
  isDirty: boolean,
  navigate: (to: string) => void,
): { pending: string | null; proceed: () => void; stay: () => void } {
  const [pending, setPending] = useState<string | null>(null);

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
      setPending(to);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty]);

  return {
    pending,
    proceed: () => {
      if (pending !== null) navigate(pending);
      setPending(null);
    },
    stay: () => {
      setPending(null);
    },
  };
}
