/**
 * The state the chatbot editor and the group form share (product-core.md §4 "Moderation", "Submit for
 * review"): the errors and their reveal, the save in flight, the Restricted! dialog, the review
 * question, the unsaved-changes guard and what the saved item's moderation locks. Each editor keeps
 * its own values and save calls; `EditorShell` renders what this holds.
 */
import { useState } from 'react';
import { isEditLocked, moderationOnSave } from '#shared/rules/moderation';
import type { VisibilityInput } from '#shared/rules/character';
import type { OwnCharacter } from '#shared/schemas/own-character';
import { toApiError } from '../../lib/api-client';
import { formErrorsOf, isRestrictedError } from '../../lib/errors';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { useRevealFirstError } from '../use-reveal-first-error';

/** An editor's errors: one per field, and the form's own under `form`. */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

export function useEditorShell<F extends string, C extends string>({
  saved,
  isField,
  isDirty,
  navigate,
}: {
  /** The chatbot or group being edited; null while creating. */
  saved: OwnCharacter | null;
  /** Whether a refusal's field is one of the form's, so its error lands there. */
  isField: (field: string | undefined) => field is F;
  isDirty: boolean;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}) {
  const { formRef, reveal } = useRevealFirstError();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [isBusy, setIsBusy] = useState(false);
  const [isRestricted, setIsRestricted] = useState(false);
  /** What waits on the review question ('manual' asks for a moderator); null while none is asked. */
  const [confirming, setConfirming] = useState<C | null>(null);
  /** Editing withdraws 'Submit for Manual Review' (spec §4); a form reopened with changes has edited. */
  const [hasEdited, setHasEdited] = useState(isDirty);
  const leave = useLeaveGuard(isDirty && !isBusy, navigate);
  const status = saved?.moderationStatus ?? null;

  /** Shows a refused save's errors, brings the first into view and drops the review question. */
  const refuse = (next: FieldErrors<F>) => {
    setErrors(next);
    reveal();
    setConfirming(null);
  };

  // The form's ref travels apart from the state: the state is read during render, the ref never.
  const shell = {
    saved,
    errors,
    isBusy,
    setIsBusy,
    isRestricted,
    setIsRestricted,
    confirming,
    setConfirming,
    leave,
    refuse,
    isLocked: isEditLocked(status),
    isVisibilityLocked: status === 'fix_required' || saved?.visibility === 'permanently_private',
    offersManual: saved?.submitForManualReview === true && !hasEdited,
    /** The body a check of the values passed, or null once the refusal is shown. */
    accept: <B>(checked: { ok: true; body: B } | { ok: false; errors: FieldErrors<F> }) => {
      if (checked.ok) return checked.body;
      refuse(checked.errors);
      return null;
    },
    /** An edit clears the errors and withdraws 'Submit for Manual Review'. */
    edited: () => {
      setErrors({});
      setHasEdited(true);
    },
    /** A failed save: the Restricted! dialog, or the refusal on its field. */
    failSave: (err: unknown) => {
      const error = toApiError(err);
      if (isRestrictedError(error)) {
        setIsRestricted(true);
        setConfirming(null);
      } else refuse(formErrorsOf(error, isField));
      setIsBusy(false);
    },
    /** Whether saving with this visibility (or asking for a moderator) sends it to review, asked first. */
    goesToReview: (visibility: VisibilityInput, submitForManualReview: boolean) => {
      const before = saved && {
        visibility: saved.visibility,
        moderationStatus: status,
        moderationAction: saved.moderationAction,
      };
      const decision = moderationOnSave(before, { visibility, submitForManualReview });
      return decision.ok && decision.review;
    },
  };
  return { formRef, shell };
}

/** What `useEditorShell` holds, for the pieces that render it. */
export type EditorShellState<F extends string, C extends string> = ReturnType<
  typeof useEditorShell<F, C>
>['shell'];
