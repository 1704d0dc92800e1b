/**
 * The composer's autopilot (product-core.md, "Chat screen": the composer's auto pilot): an optional
 * one-line intent ("I try to leave") and Write for me, which asks the AI for the user's next turn.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { autopilotIntentMaxLength } from '#shared/rules/autopilot';
import { Button } from '../../../components/button';
import { Input, Label } from '../../../components/form-controls';

export function AutopilotPanel({
  onAsk,
  onClose,
}: {
  /** Resolves whether autopilot started; the panel closes when it did. */
  onAsk: (intent: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const id = useId();
  const [intent, setIntent] = useState('');
  const [isAsking, setIsAsking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened by the user's click, to type the intent at once.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const ask = () => {
    if (isAsking) return;
    setIsAsking(true);
    void onAsk(intent.trim()).then((isStarted) => {
      setIsAsking(false);
      if (isStarted) onClose();
    });
  };
  return (
    <Panel
      aria-label="Autopilot"
      onSubmit={(event) => {
        event.preventDefault();
        ask();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Label htmlFor={`${id}-intent`}>What should you do next? (optional)</Label>
      <Row>
        <Input
          ref={inputRef}
          id={`${id}-intent`}
          value={intent}
          placeholder="e.g. I try to leave"
          maxLength={autopilotIntentMaxLength}
          onChange={(event) => {
            setIntent(event.target.value.replace(/[\r\n]/g, ' '));
          }}
        />
        <Button type="submit" $variant="primary" disabled={isAsking}>
          Write for me
        </Button>
        <Button type="button" $variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </Row>
    </Panel>
  );
}

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md} 0;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  & > input {
    flex: 1 1 12rem;
  }
`;
