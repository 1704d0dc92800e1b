/**
 * Create Group and Edit Group (product-rules.md §2, §5 "Group chat form"): cover, name, title,
 * greeting, scenario, tags, visibility, the members in turn order with who speaks first, and the
 * guidelines agreement, checked with the shared rules; the server's refusals land on their field
 * (private members are named). Add Members opens the picker and comes back with the form as it was;
 * while creating nothing is saved yet, so it goes straight there (issue 28 §8); editing with unsaved
 * changes asks first (spec §5): Save Changes or Don't Save. Laid out as the chatbot editor is, on the
 * shell's framed card, with tags as chips under their note.
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
import { isEditLocked } from '#shared/rules/moderation';
import type { OwnCharacter } from '#shared/schemas/own-character';
import { Avatar } from '../../../components/avatar';
import { AvatarField } from '../../../components/avatar-field';
import { Button } from '../../../components/button';
import { bindText, settersOf } from '../../../components/editor-shell/bind-fields';
import { EditorShell } from '../../../components/editor-shell/editor-shell';
import { useEditorShell } from '../../../components/editor-shell/use-editor-shell';
import { FieldError } from '../../../components/form-controls';
import { GuidelinesAgreement } from '../../../components/guidelines-agreement';
import { Modal } from '../../../components/modal';
import { TagField } from '../../../components/tag-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { VisibilityChoices, type VisibilityChoice } from '../../../components/visibility-choices';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { valuesDiffer } from '../../../lib/use-leave-guard';
import { saveGroup, uploadGroupAvatar } from '../api';
import { groupFormAtom } from '../atoms';
import { removeGroupDraft, saveGroupDraft } from '../drafts';
import {
  checkGroupValues,
  isGroupFormField,
  type GroupFormField,
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
  // In review the form shows the group as stored, never changes kept from before it was sent.
  const isLocked = isEditLocked(group?.moderationStatus ?? null);
  const values = !isLocked && inProgress?.formKey === formKey ? inProgress.values : initial;
  const [isAskingToSave, setIsAskingToSave] = useState(false);
  const isDirty = valuesDiffer(values, initial);
  /** What waits on the review question: the save alone, then the picker, or a manual review. */
  const { formRef, shell } = useEditorShell<GroupFormField, 'save' | 'saveThenPick' | 'manual'>({
    saved: group,
    isField: isGroupFormField,
    isDirty,
    navigate,
  });
  const { errors, isBusy } = shell;

  const openPicker = (form: { formKey: string; returnTo: string; values: GroupFormValues }) => {
    setInProgress(form);
    shell.leave.go(paths.groupMembers.build());
  };

  const update = (next: Partial<GroupFormValues>) => {
    setInProgress({ formKey, returnTo, values: { ...values, ...next } });
    shell.edited();
  };
  const set = settersOf(update);
  const text = bindText<'name' | 'title' | 'greeting' | 'scenario'>(
    values,
    errors,
    groupLimits,
    set,
  );

  /**
   * Saves the group (asking for a moderator with `isManual`), then goes to My Group Chats, or on to
   * the picker (Save Changes when editing).
   */
  const submit = async (thenPick: boolean, isManual = false) => {
    shell.setConfirming(null);
    const body = shell.accept(checkGroupValues(values, isManual));
    if (body === null) return;
    shell.setIsBusy(true);
    try {
      await saveGroup(api, group?.id ?? null, body);
      if (mode.kind === 'create' && mode.draftId !== null) removeGroupDraft(memberId, mode.draftId);
      toast(mode.kind === 'create' ? 'Group created' : 'Group updated');
      if (thenPick) {
        openPicker({ formKey, returnTo, values });
      } else {
        setInProgress(null);
        shell.leave.go(paths.myGroupChats.build());
      }
    } catch (err) {
      shell.failSave(err);
    }
  };

  /**
   * A public change, a fix-required save or a manual-review submission goes to review, so it is
   * confirmed first (spec §4).
   */
  const onSave = (thenPick: boolean, isManual = false) => {
    if (shell.accept(checkGroupValues(values, isManual)) === null) return;
    if (shell.goesToReview(values.visibility, isManual)) {
      shell.setConfirming(isManual ? 'manual' : thenPick ? 'saveThenPick' : 'save');
    } else void submit(thenPick, isManual);
  };

  /** Keeps the form as a draft in this browser; returns its id, or null when it could not. */
  const storeDraft = (): string | null => {
    if (mode.kind !== 'create') return null;
    if (!canSaveGroupDraft(values)) {
      shell.refuse({ form: 'Name and title need at least 3 characters to save a draft.' });
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

  /** Save Changes before the picker (editing only): the group is saved, then the picker opens. */
  const saveThenPick = () => {
    setIsAskingToSave(false);
    onSave(true);
  };

  const area = (field: 'greeting' | 'scenario', label: string, note: string) => (
    <TextAreaField label={label} note={note} rows={4} {...text(field)} />
  );

  return (
    <Wrapper>
      <Heading>{mode.kind === 'create' ? 'Create Group' : 'Edit Group'}</Heading>
      <EditorShell
        shell={shell}
        formRef={formRef}
        subject="group"
        legend="Group"
        isFramed
        intro={
          <Intro>
            <a href={paths.legal.build('guidelines')}>Creation Guide</a>
          </Intro>
        }
        submitLabel={mode.kind === 'create' ? 'Create Group' : 'Save Group'}
        onSaveDraft={mode.kind === 'create' ? onSaveDraft : null}
        onSave={(isManual) => {
          onSave(false, isManual);
        }}
        onConfirm={(confirming) =>
          void submit(confirming === 'saveThenPick', confirming === 'manual')
        }
        renderRestricted={renderRestricted}
        dialogs={
          isAskingToSave && (
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
          )
        }
      >
        <AvatarField
          avatarUrl={values.avatarUrl}
          name={values.name}
          alt="Group cover"
          isRequired
          disabled={isLocked || isBusy}
          error={errors.avatarUrl}
          upload={(file, opts) => uploadGroupAvatar(api, file, opts)}
          onChange={set('avatarUrl')}
          onRestricted={() => {
            shell.setIsRestricted(true);
          }}
        />
        <TextField label="Name" {...text('name')} />
        <TextField
          label="Title"
          note="A short line shown under the name on cards."
          {...text('title')}
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
              if (isDirty && mode.kind === 'edit') setIsAskingToSave(true);
              else openPicker({ formKey, returnTo, values });
            }}
          >
            Add Members
          </Button>
          {errors.subCharacterIds !== undefined && (
            <FieldError role="alert">{errors.subCharacterIds}</FieldError>
          )}
        </MembersSection>
        <TagField
          subject="group"
          tags={values.tags}
          disabled={isLocked || isBusy}
          error={errors.tags}
          onChange={set('tags')}
        />
        <VisibilityChoices
          choices={visibilityChoices}
          value={values.visibility}
          isLocked={shell.isVisibilityLocked}
          note={shell.isVisibilityLocked ? 'The visibility of this group is locked.' : undefined}
          error={errors.visibility}
          onChange={set('visibility')}
        />
        <GuidelinesAgreement
          checked={values.guidelines}
          onChange={set('guidelines')}
          error={errors.guidelines}
        />
        {errors.greetingCharacterId !== undefined && (
          <FieldError role="alert">{errors.greetingCharacterId}</FieldError>
        )}
      </EditorShell>
    </Wrapper>
  );
}

/** The chatbot editor's column and heading, so the two editors read alike. */
const Wrapper = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Heading = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.xxl};
`;

const Intro = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
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
