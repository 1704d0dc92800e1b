/**
 * A labelled text area with its error and an optional help line: the text area of every form, as
 * text-field.tsx is the one-line field. The error is the area's accessible description (and marks it
 * invalid).
 */
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { Field, FieldError, FieldNote, Label, TextArea, errorProps } from './form-controls';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  /** The field's error, shown under it; null or undefined when it has none. */
  error?: string | null;
  /** A help line under the label. */
  note?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, note, id, ref, ...area }: TextAreaFieldProps) {
  const fallbackId = useId();
  const areaId = id ?? fallbackId;
  const errorId = `${areaId}-error`;
  const hasError = error !== null && error !== undefined && error !== '';
  return (
    <Field>
      <Label htmlFor={areaId}>{label}</Label>
      {note !== undefined && note !== null && note !== false && (
        <FieldNote as="div">{note}</FieldNote>
      )}
      <TextArea ref={ref} id={areaId} {...area} {...errorProps(errorId, error)} />
      {hasError && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}
