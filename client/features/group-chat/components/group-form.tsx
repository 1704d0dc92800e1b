/**
 * Create Group and Edit Group (product-rules.md §2, §5 "Group chat form"): cover, name, title,
 * greeting, scenario, tags, visibility, the members in turn order with who speaks first, and the
 * guidelines agreement, checked with the shared rules; the server's refusals land on their field
 * (private members are named). Add Members opens the picker and comes back with the form as it was;
 * with unsaved changes it asks first: Save Changes (a draft, or the group when editing) or Don't Save.
 * A save that sends the group to review asks first; leaving with unsaved changes asks first (§4).
 * Moderation as for chatbots (product-core.md §4): a group in review is read-only under the chatbot
 * editor's banner; one that needs fixing keeps its visibility and may go to a moderator ('Submit for
 * Manual Review', until the form is edited). Save Draft keeps the form in this browser ('Group Draft
 * Saved').
 */
import { useAtom } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { groupLimits, canSaveGroupDraft } from '#shared/rules/group';
import { isEditLocked, moderationOnSave } from '#shared/rules/moderation';
import type { OwnCharacter } from '#shared/schemas/own-character';
import { Avatar } from '../../../components/avatar';
import { AvatarField } from '../../../components/avatar-field';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/form-controls';
import { GuidelinesAgreement } from '../../../components/guidelines-agreement';
import { LeaveConfirm } from '../../../components/leave-confirm';
import { Modal } from '../../../components/modal';
import { ModerationBanner } from '../../../components/moderation-banner';
import { ReviewConfirm } from '../../../components/review-confirm';
import { SaveActions } from '../../../components/save-actions';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { useRevealFirstError } from '../../../components/use-reveal-first-error';
import { VisibilityChoices, type VisibilityChoice } from '../../../components/visibility-choices';
import { visuallyHidden } from '../../../components/visually-hidden';
import { toApiError } from '../../../lib/api-client';
import { formErrorsOf, isRestrictedError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useLeaveGuard, valuesDiffer } from '../../../lib/use-leave-guard';
import { saveGroup, uploadGroupAvatar } from '../api';
import { groupFormAtom } from '../atoms';
import { removeGroupDraft, saveGroupDraft } from '../drafts';
import {
  checkGroupValues,
  isGroupFormField,
  type GroupFormErrors,
  type GroupFormValues,
} from '../form-values';

export const groupDraftSavedText = 'Group Draft Saved';

const visibilityChoices: readonly VisibilityChoice[] = [
  { value: 'public', label: 'Public' },
  { value: 'hidden', label: 'Unlisted' },
  { value: 'private', label: 'Private' },
];

export type GroupFormMode =
  { kind: 'create'; draftId: string | null } | { kind: 'edit'; group: OwnCharacter };

export function formKeyOf(mode: GroupFormMode): string {
  return mode.kind === 'create' ? `create:${mode.draftId ?? 'new'}` : `edit:${mode.group.id}`;
}

export function GroupForm({
  memberId,
  mode,
  initial,
  returnTo,
  renderRestricted,
}: {
  memberId: string;
  mode: GroupFormMode;
  initial: GroupFormValues;
  /** This form's own URL, for the picker to come back to. */
  returnTo: string;
  renderRestricted: (onClose: () => void) => ReactNode;
}) {
  const { api } = useServices();
  const id = useId();
  const toast = useToast();
  const [, navigate] = useLocation();
  const formKey = formKeyOf(mode);
  const [inProgress, setInProgress] = useAtom(groupFormAtom);
  const group = mode.kind === 'edit' ? mode.group : null;
  const status = group?.moderationStatus ?? null;
  const isLocked = isEditLocked(status);
  const isVisibilityLocked =
    status === 'fix_required' || group?.visibility === 'permanently_private';
  // In review the form shows the group as stored, never changes kept from before it was sent.
  const values = !isLocked && inProgress?.formKey === formKey ? inProgress.values : initial;
  const [errors, setErrors] = useState<GroupFormErrors>({});
  const { formRef, reveal } = useRevealFirstError();
  const [isBusy, setIsBusy] = useState(false);
  const [isRestricted, setIsRestricted] = useState(false);
  const [tagText, setTagText] = useState(values.tags.join(', '));
  /** What waits on the review confirmation: the save alone, then the picker, or a manual review. */
  const [confirming, setConfirming] = useState<'save' | 'saveThenPick' | 'manual' | null>(null);
  const [isAskingToSave, setIsAskingToSave] = useState(false);
  const isDirty = valuesDiffer(values, initial);
  /** Editing cancels 'Submit for Manual Review' (spec §4), also across a visit to the picker. */
  const [hasEdited, setHasEdited] = useState(isDirty);
  const offersManual = group?.submitForManualReview === true && !hasEdited;
  const leave = useLeaveGuard(isDirty && !isBusy, navigate);

  const openPicker = (form: { formKey: string; returnTo: string; values: GroupFormValues }) => {
    setInProgress(form);
    navigate(paths.groupMembers.build());
  };

  const update = (next: Partial<GroupFormValues>) => {
    setInProgress({ formKey, returnTo, values: { ...values, ...next } });
    setErrors({});
    setHasEdited(true);
  };

  /**
   * Saves the group (asking for a moderator with `isManual`), then goes to My Group Chats, or on to
   * the picker (Save Changes when editing).
   */
  const submit = async (thenPick: boolean, isManual = false) => {
    setConfirming(null);
    const checked = checkGroupValues(values, isManual);
    if (!checked.ok) {
      setErrors(checked.errors);
      reveal();
      return;
    }
    setIsBusy(true);
    try {
      await saveGroup(api, group?.id ?? null, checked.body);
      if (mode.kind === 'create' && mode.draftId !== null) removeGroupDraft(memberId, mode.draftId);
      toast(mode.kind === 'create' ? 'Group created' : 'Group updated');
      if (thenPick) {
        openPicker({ formKey, returnTo, values });
      } else {
        setInProgress(null);
        navigate(paths.myGroupChats.build());
      }
    } catch (err) {
      const error = toApiError(err);
      if (isRestrictedError(error)) setIsRestricted(true);
      else {
        setErrors(formErrorsOf(error, isGroupFormField));
        reveal();
      }
      setIsBusy(false);
    }
  };

  /**
   * A public change, a fix-required save or a manual-review submission goes to review, so it is
   * confirmed first (spec §4).
   */
  const onSave = (thenPick: boolean, isManual = false) => {
    const checked = checkGroupValues(values, isManual);
    if (!checked.ok) {
      setErrors(checked.errors);
      reveal();
      return;
    }
    const before =
      group === null
        ? null
        : {
            visibility: group.visibility,
            moderationStatus: status,
            moderationAction: group.moderationAction,
          };
    const decision = moderationOnSave(before, {
      visibility: values.visibility,
      submitForManualReview: isManual,
    });
    if (decision.ok && decision.review) {
      setConfirming(isManual ? 'manual' : thenPick ? 'saveThenPick' : 'save');
    } else void submit(thenPick, isManual);
  };

  /** Keeps the form as a draft in this browser; returns its id, or null when it could not. */
  const storeDraft = (): string | null => {
    if (mode.kind !== 'create') return null;
    if (!canSaveGroupDraft(values)) {
      setErrors({ form: 'Name and title need at least 3 characters to save a draft.' });
      reveal();
      return null;
    }
    try {
      const draftId = saveGroupDraft(memberId, mode.draftId, values);
      toast(groupDraftSavedText);
      return draftId;
    } catch {
      toast('Failed to save draft. Please try again.', 'error');
      return null;
    }
  };

  const onSaveDraft = () => {
    const draftId = storeDraft();
    if (draftId === null) return;
    setInProgress(null);
    navigate(paths.groupDraft.build(draftId), {
      replace: mode.kind === 'create' && mode.draftId !== null,
    });
  };

  /** Save Changes before the picker: a create keeps a draft (the picker returns to it), an edit saves. */
  const saveThenPick = () => {
    setIsAskingToSave(false);
    if (mode.kind === 'edit') {
      onSave(true);
      return;
    }
    const draftId = storeDraft();
    if (draftId === null) return;
    const draft: GroupFormMode = { kind: 'create', draftId };
    openPicker({ formKey: formKeyOf(draft), returnTo: paths.groupDraft.build(draftId), values });
  };

  const area = (field: 'greeting' | 'scenario', label: string, note: string) => (
    <TextAreaField
      label={label}
      note={note}
      rows={4}
      value={values[field]}
      maxLength={groupLimits[field].max}
      onChange={(e) => {
        update({ [field]: e.target.value });
      }}
      error={errors[field]}
    />
  );

  return (
    <Wrapper>
      <h1>{mode.kind === 'create' ? 'Create Group' : 'Edit Group'}</h1>
      {group !== null && <ModerationBanner subject="group" moderation={group} />}
      <p>
        <a href={paths.legal.build('guidelines')}>Creation Guide</a>
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!isBusy) onSave(false);
        }}
      >
        <Fieldset disabled={isLocked || isBusy}>
          <legend>Group</legend>
          <AvatarField
            avatarUrl={values.avatarUrl}
            name={values.name}
            alt="Group cover"
            disabled={isLocked || isBusy}
            error={errors.avatarUrl}
            upload={(file, opts) => uploadGroupAvatar(api, file, opts)}
            onChange={(avatarUrl) => {
              update({ avatarUrl });
            }}
            onRestricted={() => {
              setIsRestricted(true);
            }}
          />
          <TextField
            label="Name"
            value={values.name}
            maxLength={groupLimits.name.max}
            onChange={(e) => {
              update({ name: e.target.value });
            }}
            error={errors.name}
          />
          <TextField
            label="Title"
            value={values.title}
            maxLength={groupLimits.title.max}
            onChange={(e) => {
              update({ title: e.target.value });
            }}
            error={errors.title}
          />
          {area('greeting', 'Greeting', 'The first message of every new group chat.')}
          {area('scenario', 'Scenario', 'Where and when the group chat takes place.')}
          <MembersSection aria-labelledby={`${id}-members`}>
            <h2 id={`${id}-members`}>
              Chatbots ({values.members.length}/{groupLimits.members.max})
            </h2>
            {values.members.length > 0 && (
              <MemberList>
                {values.members.map((m, i) => {
                  const greeter = values.greetingCharacterId ?? values.members[0]?.id;
                  return (
                    <li key={m.id}>
                      <Avatar src={m.avatarUrl} name={m.name} size="sm" />
                      <span>
                        {i + 1}. {m.name}
                      </span>
                      <label>
                        <input
                          type="radio"
                          name={`${id}-greeter`}
                          checked={greeter === m.id}
                          onChange={() => {
                            update({ greetingCharacterId: m.id });
                          }}
                        />{' '}
                        Speaks first
                      </label>
                      <Button
                        $variant="ghost"
                        aria-label={`Remove ${m.name}`}
                        onClick={() => {
                          update({ members: values.members.filter((x) => x.id !== m.id) });
                        }}
                      >
                        Remove
                      </Button>
                    </li>
                  );
                })}
              </MemberList>
            )}
            <Button
              onClick={() => {
                if (isDirty) setIsAskingToSave(true);
                else openPicker({ formKey, returnTo, values });
              }}
            >
              Add Members
            </Button>
            {errors.subCharacterIds !== undefined && (
              <FieldError role="alert">{errors.subCharacterIds}</FieldError>
            )}
          </MembersSection>
          <TextField
            label="Tags"
            note="Separate tags with commas; public groups need at least one."
            value={tagText}
            onChange={(e) => {
              setTagText(e.target.value);
              update({
                tags: e.target.value
                  .split(',')
                  .map((t) => t.trim())
                  .filter((t) => t !== ''),
              });
            }}
            error={errors.tags}
          />
          <VisibilityChoices
            choices={visibilityChoices}
            value={values.visibility}
            isLocked={isVisibilityLocked}
            note={isVisibilityLocked ? 'The visibility of this group is locked.' : undefined}
            error={errors.visibility}
            onChange={(visibility) => {
              update({ visibility });
            }}
          />
          <GuidelinesAgreement
            checked={values.guidelines}
            onChange={(guidelines) => {
              update({ guidelines });
            }}
            error={errors.guidelines}
          />
          {errors.greetingCharacterId !== undefined && (
            <FieldError role="alert">{errors.greetingCharacterId}</FieldError>
          )}
          <SaveActions
            error={errors.form}
            isBusy={isBusy}
            onSaveDraft={mode.kind === 'create' ? onSaveDraft : null}
            submitLabel={mode.kind === 'create' ? 'Create Group' : 'Save Group'}
          >
            {offersManual && (
              <Button
                disabled={isBusy}
                onClick={() => {
                  onSave(false, true);
                }}
              >
                Submit for Manual Review
              </Button>
            )}
          </SaveActions>
        </Fieldset>
      </form>
      {isRestricted &&
        renderRestricted(() => {
          setIsRestricted(false);
        })}
      {confirming !== null && (
        <ReviewConfirm
          subject="group"
          isManual={confirming === 'manual'}
          isBusy={isBusy}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => void submit(confirming === 'saveThenPick', confirming === 'manual')}
        />
      )}
      {isAskingToSave && (
        <Modal
          title="Unsaved changes"
          onClose={() => {
            setIsAskingToSave(false);
          }}
          actions={
            <>
              <Button
                onClick={() => {
                  setIsAskingToSave(false);
                  openPicker({ formKey, returnTo, values: initial });
                }}
              >
                Don't Save
              </Button>
              <Button $variant="primary" onClick={saveThenPick}>
                Save Changes
              </Button>
            </>
          }
        >
          <p>Save your changes to this group before adding members?</p>
        </Modal>
      )}
      {leave.pending !== null && (
        <LeaveConfirm subject="group" onStay={leave.stay} onLeave={leave.proceed} />
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 720px;
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  & > legend {
    ${visuallyHidden}
  }
`;

const MembersSection = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const MemberList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;
