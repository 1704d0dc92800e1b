/**
 * After a refused save, brings the form's first error into view: the first field marked invalid gets
 * the focus (its error is read with it, through aria-describedby), or the first error that names no
 * field is scrolled to. Long forms put most fields below the fold at 390px, so without it a refused
 * save looked like a button that did nothing.
 */
import { useEffect, useRef, useState } from 'react';

export function useRevealFirstError() {
  const formRef = useRef<HTMLFormElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [role="alert"]',
    );
    if (first === null || first === undefined) return;
    if (first.matches('input, select, textarea')) first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center' });
  }, [asked]);
  /** Call with the errors just set: the reveal happens once they are on the screen. */
  const reveal = () => {
    setAsked((n) => n + 1);
  };
  return { formRef, reveal };
}
