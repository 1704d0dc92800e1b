/** A form's own error, below its fields: a refusal that names none of them. */
import { FieldError } from './form-controls';

export function FormError({ error }: { error: string | undefined }) {
  return error === undefined ? null : <FieldError role="alert">{error}</FieldError>;
}
