import { useEffect } from 'react';

const productName = 'CharChat';

/** Sets the tab title ("{title} · CharChat"), so each screen is named for screen readers and history. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? productName : `${title} · ${productName}`;
  }, [title]);
}
