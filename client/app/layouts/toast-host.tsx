/**
 * Shows the toasts of lib/toast.ts at the bottom of the screen, above a bar of controls shown there
 * (toastClearanceAtom). The region is a polite live region that is always present, so screen readers
 * announce each toast as it appears; toasts never take focus.
 */
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { toastClearanceAtom, toastMs, toastsAtom, type Toast } from '../../lib/toast';

export function ToastHost() {
  const [toasts, setToasts] = useAtom(toastsAtom);
  const clearance = useAtomValue(toastClearanceAtom);
  return (
    <Region role="status" aria-live="polite" aria-atomic="false" $clearance={clearance}>
      {toasts.map((toast) => (
        <ToastItem
          key={toast.id}
          toast={toast}
          onDone={() => {
            setToasts((all) => all.filter((t) => t.id !== toast.id));
          }}
        />
      ))}
    </Region>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: () => void }) {
  // The timer starts once per toast; onDone is a fresh closure each render.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      onDoneRef.current();
    }, toastMs);
    return () => {
      clearTimeout(timer);
    };
  }, [toast.id]);
  return <Item $tone={toast.tone}>{toast.text}</Item>;
}

const Region = styled.div<{ $clearance: number }>`
  position: fixed;
  right: ${({ theme }) => theme.space.lg};
  bottom: calc(${({ theme }) => theme.space.lg} + ${({ $clearance }) => $clearance}px);
  left: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  pointer-events: none;
`;

const Item = styled.p<{ $tone: Toast['tone'] }>`
  max-width: ${({ theme }) => theme.size.modalWidth};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid
    ${({ $tone, theme }) => ($tone === 'error' ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $tone, theme }) =>
    $tone === 'error' ? theme.color.dangerSurface : theme.color.surface};
  color: ${({ $tone, theme }) => ($tone === 'error' ? theme.color.danger : theme.color.text)};
  box-shadow: 0 8px 24px ${({ theme }) => theme.color.shadow};
  font-size: ${({ theme }) => theme.font.size.sm};
  pointer-events: auto;
`;
