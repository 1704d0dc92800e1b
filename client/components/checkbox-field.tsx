/**
 * A checkbox (or, with `isSwitch`, a switch) with its label beside it and its error under it: the one
 * checkbox of every form. The label may hold a link (the terms a member agrees to).
 */
import { useId, type ReactNode } from 'react';
import { CheckRow, FieldError, errorProps } from './form-controls';

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The error under it; null or undefined when it has none. */
  error?: string | null;
  /** Announce it as an on/off switch (a setting) rather than a checkbox (an agreement, a choice). */
  isSwitch?: boolean;
}

export function CheckboxField({ label, checked, onChange, error, isSwitch }: CheckboxFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <>
      <CheckRow>
        <input
          type="checkbox"
          role={isSwitch === true ? 'switch' : undefined}
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          {...errorProps(errorId, error)}
        />
        <span>{label}</span>
      </CheckRow>
      {error !== null && error !== undefined && error !== '' && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </>
  );
}
