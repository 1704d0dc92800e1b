/**
 * A labelled text area with its error and an optional help line: the text area of every form, as
 * text-field.tsx is the one-line field. The error is the area's accessible description (and marks it
 * invalid). With `hasCounter` it counts the characters typed against its maxLength (character-count.tsx).
 */
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { CharacterCount, describedBy } from './character-count';
import { Field, FieldError, FieldNote, Label, TextArea } from './form-controls';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  /** The field's error, shown under it; null or undefined when it has none. */
  error?: string | null;
  /** A help line under the label. */
  note?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
  /** Shows 'typed / maxLength' under the area (a string value only), said politely near the limit. */
  hasCounter?: boolean;
}

export function TextAreaField({
  label,
  error,
  note,
  hasCounter = false,
  id,
  ref,
  ...area
}: TextAreaFieldProps) {
  const fallbackId = useId();
  const areaId = id ?? fallbackId;
  const errorId = `${areaId}-error`;
  const hasError = error !== null && error !== undefined && error !== '';
  const counted =
    hasCounter && typeof area.value === 'string' && area.maxLength !== undefined
      ? { typed: area.value.length, max: area.maxLength }
      : null;
  const counterId = `${areaId}-count`;
  return (
    <Field>
      <Label htmlFor={areaId}>{label}</Label>
      {note !== undefined && note !== null && note !== false && (
        <FieldNote as="div">{note}</FieldNote>
      )}
      <TextArea
        ref={ref}
        id={areaId}
        {...area}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(hasError && errorId, counted && counterId)}
      />
      {counted && <CharacterCount id={counterId} {...counted} />}
      {hasError && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}
