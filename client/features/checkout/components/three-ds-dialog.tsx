/**
 * The 3-D Secure frame (product-rules.md §4 "Checkout (card)"): the gateway's page in a dialog; its
 * last page posts back `{ type: 'charchat:3ds', status, orderId, errorMessage }` from our own origin.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';

const PostBackSchema = z.object({
  type: z.literal('charchat:3ds'),
  status: z.string(),
  orderId: z.string(),
  errorMessage: z.string().nullable(),
});

interface ThreeDsDialogProps {
  url: string;
  orderId: string;
  onDone: (outcome: { ok: boolean; orderId: string; errorMessage: string | null }) => void;
}

export function ThreeDsDialog({ url, orderId, onDone }: ThreeDsDialogProps) {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = PostBackSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.orderId !== orderId) return;
      onDone({
        ok: parsed.data.status === 'success',
        orderId,
        errorMessage: parsed.data.errorMessage,
      });
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, [orderId, onDone]);
  const cancel = () => {
    onDone({ ok: false, orderId, errorMessage: 'The payment was not completed.' });
  };
  return (
    <Modal
      title="Verify your payment"
      onClose={cancel}
      actions={<Button onClick={cancel}>Cancel</Button>}
    >
      <Frame title="3-D Secure verification" src={url} />
    </Modal>
  );
}

const Frame = styled.iframe`
  width: 100%;
  height: 360px;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color-scheme: light;
`;
