/**
 * Binds an editor's fields to its values: a change handler per field, and each text field's value,
 * limit (with its counter), change handler and error, to spread onto TextField or TextAreaField.
 */
import type { ChangeEvent } from 'react';

/** `set('visibility')` is the handler `(visibility) => update({ visibility })`. */
export function settersOf<V>(update: (next: Partial<V>) => void) {
  return <K extends keyof V>(field: K) =>
    (value: V[K]) => {
      const next: Partial<V> = {};
      next[field] = value;
      update(next);
    };
}

export function bindText<F extends string>(
  values: Record<F, string>,
  errors: Partial<Record<F, string>>,
  limits: Record<F, { max: number }>,
  set: (field: F) => (value: string) => void,
) {
  return (field: F) => {
    const change = set(field);
    return {
      value: values[field],
      maxLength: limits[field].max,
      hasCounter: true,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        change(e.target.value);
      },
      error: errors[field],
    };
  };
}
