/**
 * The frame of the chatbot editor and the group form (product-core.md §4 "Moderation", "Submit for
 * review", "Drafts"): the moderation banner, the form (checked by the shared rules, so `noValidate`)
 * read-only in review or while saving, the save bar with 'Submit for Manual Review' while on offer,
 * and the review question, the Restricted! dialog and the unsaved-changes guard. The fields are the
 * editor's own.
 */
import type { ReactNode, RefObject } from 'react';
import styled, { css } from 'styled-components';
import { Button } from '../button';
import { LeaveConfirm } from '../leave-confirm';
import { ModerationBanner } from '../moderation-banner';
import { ReviewConfirm } from '../review-confirm';
import { SaveActions } from '../save-actions';
import { visuallyHidden } from '../visually-hidden';
import type { EditorShellState } from './use-editor-shell';

export function EditorShell<F extends string, C extends string>({
  shell,
  formRef,
  subject,
  legend,
  isFramed = false,
  intro,
  submitLabel,
  onSaveDraft,
  onSave,
  onConfirm,
  renderRestricted,
  dialogs,
  children,
}: {
  shell: EditorShellState<F, C>;
  formRef: RefObject<HTMLFormElement | null>;
  subject: 'chatbot' | 'group';
  /** The fieldset's name, read by screen readers only. */
  legend: string;
  /** The fields sit on a bordered card (the chatbot editor) rather than on the page. */
  isFramed?: boolean;
  /** What stands between the banner and the form. */
  intro?: ReactNode;
  submitLabel: string;
  /** Save Draft, offered while creating (null when editing). */
  onSaveDraft: (() => void) | null;
  /** The save button, Enter in a field, or 'Submit for Manual Review' (`isManual`). */
  onSave: (isManual: boolean) => void;
  /** The review question was answered Submit. */
  onConfirm: (confirming: C) => void;
  /** The Restricted! dialog, for a member who may not create or edit (composed by the app). */
  renderRestricted: (onClose: () => void) => ReactNode;
  /** The editor's own dialogs (the group form's question before the member picker). */
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  const { saved, confirming, isBusy } = shell;
  return (
    <>
      {saved !== null && <ModerationBanner subject={subject} moderation={saved} />}
      {intro}
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!isBusy) onSave(false);
        }}
      >
        <Fieldset $isFramed={isFramed} disabled={shell.isLocked || isBusy}>
          <HiddenLegend>{legend}</HiddenLegend>
          {children}
          <SaveActions
            error={shell.errors.form}
            isBusy={isBusy}
            onSaveDraft={onSaveDraft}
            submitLabel={submitLabel}
          >
            {shell.offersManual && (
              <Button
                disabled={isBusy}
                onClick={() => {
                  onSave(true);
                }}
              >
                Submit for Manual Review
              </Button>
            )}
          </SaveActions>
        </Fieldset>
      </form>
      {shell.isRestricted &&
        renderRestricted(() => {
          shell.setIsRestricted(false);
        })}
      {confirming !== null && (
        <ReviewConfirm
          subject={subject}
          isManual={confirming === 'manual'}
          isBusy={isBusy}
          onCancel={() => {
            shell.setConfirming(null);
          }}
          onConfirm={() => {
            onConfirm(confirming);
          }}
        />
      )}
      {dialogs}
      {shell.leave.pending !== null && (
        <LeaveConfirm subject={subject} onStay={shell.leave.stay} onLeave={shell.leave.proceed} />
      )}
    </>
  );
}

const Fieldset = styled.fieldset<{ $isFramed: boolean }>`
  display: flex;
  flex-direction: column;
  min-width: 0;
  margin: 0;
  ${({ $isFramed, theme }) =>
    $isFramed
      ? css`
          gap: ${theme.space.lg};
          padding: ${theme.space.xl};
          border: ${theme.size.border} solid ${theme.color.border};
          border-radius: ${theme.radius.lg};
          background: ${theme.color.surface};

          @media (max-width: ${theme.breakpoint.sm}) {
            padding: ${theme.space.lg};
          }
        `
      : css`
          gap: ${theme.space.md};
          padding: 0;
          border: 0;
        `}
`;

const HiddenLegend = styled.legend`
  ${visuallyHidden}
`;
