/**
 * A rating on the spec's levels (Terrible, Bad, Great, Fantastic) with the reasons that level offers,
 * for a message or an image: stars as a radio group, then Why? with the level's reasons; Submit sends
 * both and closes, or shows why it could not.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { AppErrorBody } from '#shared/errors';
import { messageRatingLevels, type MessageRatingLevel } from '#shared/rules/message-feedback';
import { CheckboxField } from '../../../components/checkbox-field';
import { FieldError } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { ModalActions } from '../../../components/modal-actions';
import { errorText } from '../../../lib/errors';

interface LevelRatingModalProps<Reason extends string> {
  title: string;
  /** The reasons offered once a level is chosen. */
  reasonsFor: (level: MessageRatingLevel) => readonly Reason[];
  onSubmit: (rating: {
    level: MessageRatingLevel;
    reasons: Reason[];
  }) => Promise<AppErrorBody | null>;
  onClose: () => void;
}

export function LevelRatingModal<Reason extends string>({
  title,
  reasonsFor,
  onSubmit,
  onClose,
}: LevelRatingModalProps<Reason>) {
  const [level, setLevel] = useState<MessageRatingLevel | null>(null);
  const [reasons, setReasons] = useState<Reason[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const submit = async () => {
    if (level === null) return;
    setIsSaving(true);
    const failed = await onSubmit({ level, reasons });
    setIsSaving(false);
    if (failed === null) onClose();
    else setError(errorText(failed));
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <ModalActions
          onCancel={onClose}
          onSubmit={() => void submit()}
          disabled={level === null || isSaving}
        />
      }
    >
      <Stars role="radiogroup" aria-label="Rating">
        {messageRatingLevels.map((l, i) => (
          <Star
            key={l}
            type="button"
            role="radio"
            aria-checked={level === l}
            $isOn={level !== null && messageRatingLevels.indexOf(level) >= i}
            onClick={() => {
              setLevel(l);
              setReasons([]);
            }}
          >
            <span aria-hidden="true">★</span> {l}
          </Star>
        ))}
      </Stars>
      {level !== null && (
        <fieldset>
          <legend>Why?</legend>
          {reasonsFor(level).map((reason) => (
            <CheckboxField
              key={reason}
              label={reason}
              checked={reasons.includes(reason)}
              onChange={(checked) => {
                setReasons((r) => (checked ? [...r, reason] : r.filter((x) => x !== reason)));
              }}
            />
          ))}
        </fieldset>
      )}
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </Modal>
  );
}

const Stars = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Star = styled.button<{ $isOn: boolean }>`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};

  span {
    color: ${({ $isOn, theme }) => ($isOn ? theme.color.primary : theme.color.textMuted)};
  }

  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;
