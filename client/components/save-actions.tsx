/**
 * The end of a create or edit form (chatbot, group chat): the form's own error, then Save Draft while
 * creating, any other action, and the save button, which reads 'Saving…' while the save runs.
 */
import type { ReactNode } from 'react';
import { Button } from './button';
import { Actions } from './form-controls';
import { FormError } from './form-error';

export function SaveActions({
  error,
  isBusy,
  onSaveDraft,
  submitLabel,
  children,
}: {
  error: string | undefined;
  isBusy: boolean;
  /** Save Draft, offered while creating (null when editing). */
  onSaveDraft: (() => void) | null;
  submitLabel: string;
  /** Other buttons, before the save button. */
  children?: ReactNode;
}) {
  return (
    <>
      <FormError error={error} />
      <Actions>
        {onSaveDraft !== null && (
          <Button disabled={isBusy} onClick={onSaveDraft}>
            Save Draft
          </Button>
        )}
        {children}
        <Button type="submit" $variant="primary" disabled={isBusy}>
          {isBusy ? 'Saving…' : submitLabel}
        </Button>
      </Actions>
    </>
  );
}
