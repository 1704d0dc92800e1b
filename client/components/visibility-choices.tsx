/**
 * Who may find what a member creates (product-core.md §4, product-rules.md §4): Public, Unlisted or
 * Private as radios, each with an optional line on what it means, locked where moderation keeps the
 * visibility, with a line below the choices and the field's error.
 */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { VisibilityInput } from '#shared/rules/character';
import { FieldError, FieldNote } from './form-controls';

export interface VisibilityChoice {
  value: VisibilityInput;
  label: string;
  /** What it means ('Only you can chat.'), beside the label. */
  note?: string;
}

export function VisibilityChoices({
  choices,
  value,
  isLocked,
  note,
  error,
  onChange,
}: {
  choices: readonly VisibilityChoice[];
  value: VisibilityInput;
  isLocked: boolean;
  /** A line under the choices, which describes them. */
  note?: ReactNode;
  error: string | undefined;
  onChange: (value: VisibilityInput) => void;
}) {
  const id = useId();
  return (
    <Choices aria-describedby={note === undefined ? undefined : `${id}-note`}>
      <legend>Visibility</legend>
      {choices.map((choice) => (
        <Choice key={choice.value}>
          <input
            type="radio"
            name={`${id}-visibility`}
            value={choice.value}
            checked={value === choice.value}
            disabled={isLocked}
            onChange={() => {
              onChange(choice.value);
            }}
          />
          <span>
            <strong>{choice.label}</strong>
            {choice.note !== undefined && <Muted> {choice.note}</Muted>}
          </span>
        </Choice>
      ))}
      {note !== undefined && <FieldNote id={`${id}-note`}>{note}</FieldNote>}
      {error !== undefined && <FieldError role="alert">{error}</FieldError>}
    </Choices>
  );
}

const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: none;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    margin-top: ${({ theme }) => theme.space.xs};
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
