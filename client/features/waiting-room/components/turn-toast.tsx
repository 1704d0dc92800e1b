import { useEffect } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';

/** How long the toast stays before it hides itself. */
const visibleMs = 12_000;

/** A short message at the bottom of the screen, announced politely; closes itself or on its ✕. */
export function TurnToast({ message, onClose }: { message: string; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, visibleMs);
    return () => {
      clearTimeout(timer);
    };
  }, [onClose]);
  return (
    <Toast>
      <span>{message}</span>
      <Button $variant="ghost" $size="sm" aria-label="Dismiss" onClick={onClose}>
        <span aria-hidden="true">✕</span>
      </Button>
    </Toast>
  );
}

const Toast = styled.div`
  /* At the top, under the header: never over the message box and Send at the bottom. */
  position: fixed;
  top: calc(${({ theme }) => theme.size.headerHeight} + ${({ theme }) => theme.space.sm});
  right: ${({ theme }) => theme.space.lg};
  left: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.modalWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm}
    ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  box-shadow: 0 12px 32px ${({ theme }) => theme.color.shadow};
`;
