/**
 * An accessible modal dialog: role="dialog" with aria-modal, labelled by its title, focus moved in and
 * trapped while open and given back on close, Escape closes.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const focusableSelector =
  'a[href], button:not(:disabled), textarea:not(:disabled), input:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)) : [];
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; the first focusable one gets focus on open. */
  actions: ReactNode;
  /** Where focus goes on close when the element focused before opening is gone or disabled. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function Modal({ title, onClose, children, actions, returnFocusRef }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRefRef = useRef(returnFocusRef);

  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRefRef.current = returnFocusRef;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement;
    focusablesIn(dialog)[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
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
      if (event.target instanceof Node && !dialog?.contains(event.target)) {
        focusablesIn(dialog)[0]?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (previous instanceof HTMLElement) previous.focus();
      if (document.activeElement !== previous || previous === document.body) {
        returnFocusRefRef.current?.current?.focus();
      }
    };
  }, []);

  return createPortal(
    <Backdrop>
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <Title id={titleId}>{title}</Title>
        <Body id={bodyId}>{children}</Body>
        <Actions>{actions}</Actions>
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.overlay};
`;

const Dialog = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.size.modalWidth};
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 20px 48px ${({ theme }) => theme.color.shadow};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Body = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
`;
