import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { notifyPermission, requestNotifyPermission } from '../notifications';

/**
 * "Notify me": asks for notification permission on this click only. Hidden where notifications are
 * unsupported or already refused; once granted it says so instead.
 */
export function NotifyMeButton({ isCompact = false }: { isCompact?: boolean }) {
  const [permission, setPermission] = useState(notifyPermission);
  if (permission === 'granted') return <Note>We’ll notify you when it’s your turn.</Note>;
  if (permission !== 'default') return null;
  return (
    <Button
      $variant="secondary"
      $size={isCompact ? 'sm' : undefined}
      onClick={() => {
        void requestNotifyPermission().then(setPermission);
      }}
    >
      Notify me
    </Button>
  );
}

const Note = styled.span`
  align-self: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
