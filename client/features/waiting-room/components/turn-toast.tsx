import styled from 'styled-components';
import { Button } from '../../../components/button';

/** A short message floating at the bottom of the screen, with a ✕ to close it. */
export function TurnToast({ message, onClose }: { message: string; onClose: () => void }) {
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
  /* At the bottom, clear of page headers; chat screens show the message in the composer instead. */
  position: fixed;
  right: ${({ theme }) => theme.space.lg};
  bottom: max(${({ theme }) => theme.space.lg}, env(safe-area-inset-bottom));
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
