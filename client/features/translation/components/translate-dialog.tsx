/**
 * The translation modal (product-core.md §4 "Translation modal": idle, translating with its progress
 * percent and status, success or error). The spec names the states, not their words; these say what
 * is translated into which language, what is being translated now, and what to do after.
 */
import type { RefObject } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { TranslationStatus } from '#shared/api/translations';
import type { TranslatedField } from '#shared/rules/translation';
import { Button, ButtonAnchor } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { paths } from '../../../lib/paths';
import type { TranslationPhase } from '../hooks/use-translation-run';

/** The status line while a run is in flight: what the model is translating now. */
const fieldStatus: Record<TranslatedField, string> = {
  name: 'Translating the name…',
  title: 'Translating the title…',
  greeting: 'Translating the greeting…',
  persona: 'Translating the personality…',
  scenario: 'Translating the scenario…',
  dialogue: 'Translating the example dialogue…',
};

export function statusText(status: TranslationStatus): string {
  if (status.state === 'queued' || status.field === null) return 'Waiting for the translator…';
  return fieldStatus[status.field];
}

export function TranslateDialog({
  name,
  from,
  to,
  phase,
  onStart,
  onClose,
  returnFocusRef,
}: {
  /** The chatbot's name, as shown. */
  name: string;
  /** The chatbot's language and the member's chat language, by name. */
  from: string;
  to: string;
  phase: TranslationPhase;
  onStart: () => void;
  onClose: () => void;
  /** Where focus goes on close (each state is its own dialog, so focus moves into each anew). */
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const title = `Translate ${name}`;
  const common = { onClose, returnFocusRef };
  switch (phase.kind) {
    case 'idle':
      return (
        <Modal
          key={phase.kind}
          {...common}
          title={title}
          actions={
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button $variant="primary" onClick={onStart}>
                Translate
              </Button>
            </>
          }
        >
          <p>
            Translate this chatbot’s name, title and definition from {from} into {to}? It is shown
            in {to} to everyone whose chat language it is.
          </p>
        </Modal>
      );
    case 'translating': {
      const percent = phase.status.progress;
      const status = statusText(phase.status);
      return (
        <Modal
          key={phase.kind}
          {...common}
          title={title}
          actions={<Button onClick={onClose}>Close</Button>}
        >
          <Status aria-live="polite">
            <span>{status}</span>
            <Percent>{percent}%</Percent>
          </Status>
          <Track
            role="progressbar"
            aria-label="Translation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${String(percent)}%, ${status}`}
          >
            <Bar style={{ width: `${String(percent)}%` }} />
          </Track>
          <Note>You can close this window: the translation goes on.</Note>
        </Modal>
      );
    }
    case 'success':
      return (
        <Modal
          key={phase.kind}
          {...common}
          title="Translation complete"
          actions={
            <Button $variant="primary" onClick={onClose}>
              Done
            </Button>
          }
        >
          <p>
            {name} is translated into {to}.
          </p>
        </Modal>
      );
    case 'error':
      return (
        <Modal
          key={phase.kind}
          {...common}
          title="Translation failed"
          actions={
            <>
              <Button onClick={onClose}>Close</Button>
              {phase.isUpgrade ? (
                <Link href={paths.subscribe.build()} asChild>
                  <ButtonAnchor $variant="primary">Upgrade</ButtonAnchor>
                </Link>
              ) : (
                <Button $variant="primary" onClick={onStart}>
                  Try Again
                </Button>
              )}
            </>
          }
        >
          <p role="alert">{phase.message}</p>
        </Modal>
      );
  }
}

const Status = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.text};
`;

const Percent = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Track = styled.div`
  height: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Bar = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.duration.normal};
`;

const Note = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
