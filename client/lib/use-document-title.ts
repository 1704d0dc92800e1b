import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { brandNameAtom } from './brand-name';

/** Sets the tab title ("{title} · {brand}"), so each screen is named for screen readers and history. */
export function useDocumentTitle(title: string | null): void {
  const brand = useAtomValue(brandNameAtom);
  useEffect(() => {
    document.title = title === null ? brand : `${title} · ${brand}`;
  }, [title, brand]);
}
