/**
 * The star rating of a bot message (Terrible, Bad, Great, Fantastic with the spec's reasons; locked once
 * sent) and the report of a message (a label and a comment), each in a modal.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { AppErrorBody } from '#shared/errors';
import {
  messageReportCommentMax,
  messageReportLabels,
  reasonsFor,
  type MessageRating,
  type MessageReportInput,
} from '#shared/rules/message-feedback';
import { Button } from '../../../components/button';
import { Field, FieldError, Label, TextArea } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/errors';
import { LevelRatingModal } from './level-rating-modal';
import { ReasonSelect } from './reason-select';

interface RateModalProps {
  onSubmit: (rating: MessageRating) => Promise<AppErrorBody | null>;
  onClose: () => void;
}

export function RateMessageModal({ onSubmit, onClose }: RateModalProps) {
  return (
    <LevelRatingModal
      title="Rate this message"
      reasonsFor={reasonsFor}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

interface ReportModalProps {
  /** The chatbot of the chat (a group's name in a group chat). */
  characterName: string;
  /** Who wrote the message: the bot (or the group's member), or the user's name. */
  from: string;
  /** The message as shown, quoted so the member sees what they report. */
  text: string;
  onSubmit: (report: MessageReportInput) => Promise<AppErrorBody | null>;
  onClose: () => void;
}

/** How much of the message the report quotes. */
const quotedMax = 200;

export function ReportMessageModal({
  characterName,
  from,
  text,
  onSubmit,
  onClose,
}: ReportModalProps) {
  const quoted = text.length > quotedMax ? `${text.slice(0, quotedMax).trimEnd()}…` : text;
  const [label, setLabel] = useState<MessageReportInput['label'] | ''>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const submit = async () => {
    if (label === '') return;
    const failed = await onSubmit({ label, comment });
    if (failed === null) setIsDone(true);
    else setError(errorText(failed));
  };
  return (
    <Modal
      title="Report message"
      onClose={onClose}
      actions={
        isDone ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button $variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button $variant="danger" disabled={label === ''} onClick={() => void submit()}>
              Report
            </Button>
          </>
        )
      }
    >
      {isDone ? (
        <p role="status">Report submitted successfully</p>
      ) : (
        <>
          <Reported aria-label="Reported message">
            <ReportedFrom>
              {from === characterName
                ? `A message from ${characterName}`
                : `A message from ${from} in the chat with ${characterName}`}
            </ReportedFrom>
            <Quote>{quoted}</Quote>
          </Reported>
          <ReasonSelect
            id="message-report-label"
            label="Reason"
            reasons={messageReportLabels}
            value={label}
            onChange={setLabel}
          />
          <Field>
            <Label htmlFor="message-report-comment">Comment (optional)</Label>
            <TextArea
              id="message-report-comment"
              rows={3}
              maxLength={messageReportCommentMax}
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
              }}
            />
          </Field>
          {error !== null && <FieldError role="alert">{error}</FieldError>}
        </>
      )}
    </Modal>
  );
}

const Reported = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const ReportedFrom = styled.figcaption`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Quote = styled.blockquote`
  margin: ${({ theme }) => theme.space.xxs} 0 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
