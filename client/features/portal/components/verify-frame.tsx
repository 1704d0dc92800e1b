/**
 * The 3-D Secure frame of a charge made in the portal (an upgrade, the amount due): the gateway's page in
 * a dialog; its return page posts `charchat:3ds` back to this window with the outcome.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';

const PostBackSchema = z.object({
  type: z.literal('charchat:3ds'),
  status: z.string(),
  errorMessage: z.string().nullable(),
});

export function VerifyFrame({
  url,
  onDone,
  onClose,
}: {
  url: string;
  /** The outcome: null when confirmed, else the message to show. */
  onDone: (errorMessage: string | null) => void;
  onClose: () => void;
}) {
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = PostBackSchema.safeParse(event.data);
      if (!parsed.success) return;
      onDone(
        parsed.data.status === 'success'
          ? null
          : (parsed.data.errorMessage ?? 'The payment was not completed.'),
      );
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
    };
  }, [onDone]);
  return (
    <Modal
      title="Verify your payment"
      onClose={onClose}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <Frame title="Payment verification" src={url} />
    </Modal>
  );
}

const Frame = styled.iframe`
  width: 100%;
  height: 360px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: #ffffff;
`;
