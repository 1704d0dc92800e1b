/**
 * A labelled text input with its error and an optional live status line: the one text field of every
 * form. The error is the field's accessible description (and marks it invalid); the status is a polite
 * live region, so a screen reader hears "Checking", then "Available", without leaving the field.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { CharacterCount, describedBy } from './character-count';
import { Field, FieldError, FieldNote, Input, Label } from './form-controls';

export type FieldTone = 'neutral' | 'good' | 'bad';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** The field's error, shown under it; null or undefined when it has none. */
  error?: string | null;
  /** A help line under the label. */
  note?: ReactNode;
  /** A live status under the field (availability, say), shown while there is no error. */
  status?: { text: string; tone: FieldTone } | null;
  ref?: Ref<HTMLInputElement>;
  /** Shows 'typed / maxLength' under the field and says politely when the limit is near. */
  hasCounter?: boolean;
}

export function TextField({
  label,
  error,
  note,
  status,
  hasCounter = false,
  id,
  ref,
  ...input
}: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const hasError = error !== null && error !== undefined && error !== '';
  const counted =
    hasCounter && typeof input.value === 'string' && input.maxLength !== undefined
      ? { typed: input.value.length, max: input.maxLength }
      : null;
  const counterId = `${inputId}-count`;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      {note !== undefined && note !== null && note !== false && (
        <FieldNote as="div">{note}</FieldNote>
      )}
      <Input
        ref={ref}
        id={inputId}
        {...input}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(hasError && errorId, counted && counterId)}
      />
      {counted && <CharacterCount id={counterId} {...counted} />}
      <Status role="status" $tone={status?.tone ?? 'neutral'}>
        {!hasError && status ? status.text : ''}
      </Status>
      {hasError && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}

const Status = styled.p<{ $tone: FieldTone }>`
  color: ${({ $tone, theme }) =>
    $tone === 'good'
      ? theme.color.primary
      : $tone === 'bad'
        ? theme.color.danger
        : theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  /* Kept in the accessibility tree while empty, so the first status is announced too. */
  &:empty {
    position: absolute;
  }
`;
