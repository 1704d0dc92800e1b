/** The share modal (product-core.md, chat screen modals): the chat link of the chatbot and Copy. */
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';

export function ShareDialog({
  character,
  onClose,
}: {
  character: { id: string; name: string };
  onClose: () => void;
}) {
  const url = `${window.location.origin}${paths.chatWithCharacter.build(character.id)}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'good' | 'bad' } | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ text: 'Link copied', tone: 'good' });
    } catch {
      inputRef.current?.select();
      setStatus({
        text: 'Copying is blocked here: the link is selected, copy it yourself.',
        tone: 'bad',
      });
    }
  };

  return (
    <Modal
      title={`Share ${character.name}`}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button
            $variant="primary"
            onClick={() => {
              void copy();
            }}
          >
            Copy
          </Button>
        </>
      }
    >
      <Intro>Anyone with this link can chat with {character.name}.</Intro>
      <TextField
        ref={inputRef}
        label="Chat link"
        value={url}
        readOnly
        status={status}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
      />
    </Modal>
  );
}

const Intro = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
`;
