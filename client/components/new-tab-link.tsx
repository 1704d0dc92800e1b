import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

/**
 * A plain link that opens in a new tab, saying so to screen readers: for pages to read in the middle
 * of a flow (the terms, from sign-in or sign-up) without losing the flow.
 */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </a>
  );
}
