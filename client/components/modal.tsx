/**
 * An accessible modal dialog: role="dialog" with aria-modal, labelled by its title, focus moved in and
 * trapped while open and given back on close, Escape closes. `ModalFrame` is the bare frame for a dialog
 * that brings its own heading and cannot be dismissed (onboarding).
 */
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useFocusTrap } from './use-focus-trap';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; without them the body brings its own (a form's submit). */
  actions?: ReactNode;
  /** Where focus goes on close when the element focused before opening is gone or disabled. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function Modal({ title, onClose, children, actions, returnFocusRef }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, {
    focusFirst: true,
    onEscape: onClose,
    returnFocus: { fallback: returnFocusRef },
  });

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
        {actions !== undefined && <Actions>{actions}</Actions>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

/**
 * A modal frame without chrome: an aria-modal dialog named by `labelledBy` (a heading inside
 * `children`), over the page, with focus kept inside. It has no Escape: it closes when its content is done.
 */
export function ModalFrame({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { focusFirst: false });
  return createPortal(
    <Backdrop>
      <Frame ref={ref} role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
        {children}
      </Frame>
    </Backdrop>,
    document.body,
  );
}

/** Centres its dialog; a dialog taller than the screen scrolls from its top (auto margins, not centring). */
const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.overlay};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space.sm};
  }
`;

const Frame = styled.div`
  flex: none;
  width: 100%;
  margin: auto;
  max-width: 520px;
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: 0 20px 48px ${({ theme }) => theme.color.shadow};
`;

const Dialog = styled.div`
  flex: none;
  width: 100%;
  margin: auto;
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
