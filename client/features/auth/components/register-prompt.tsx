/**
 * The Register for Free prompt (product-core.md §2): shown when a guest hits the hourly message
 * allowance (`guest_message_limit`). Create Free Account and Sign In both open the Sign In modal, which
 * signs up a new email as well.
 */
import styled from 'styled-components';
import { Button, LinkButton } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/errors';
import { useOpenSignIn } from '../../../lib/sign-in-request';

const benefits = [
  'Keep chatting without the guest message limit',
  'Your chats saved on every device',
  'Create your own chatbots and personas',
] as const;

export function RegisterPrompt({ onClose }: { onClose: () => void }) {
  const open = useOpenSignIn();
  const openSignIn = () => {
    onClose();
    open('keepChatting');
  };
  return (
    <Modal
      title="Only Email Required"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Not now</Button>
          <Button $variant="primary" onClick={openSignIn}>
            Create Free Account
          </Button>
        </>
      }
    >
      <p>{errorText({ code: 'guest_message_limit' })}</p>
      <Benefits>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </Benefits>
      <p>
        Already have an account? <LinkButton onClick={openSignIn}>Sign In</LinkButton>
      </p>
    </Modal>
  );
}

const Benefits = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => theme.space.md} 0;
  padding-left: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.text};
`;
