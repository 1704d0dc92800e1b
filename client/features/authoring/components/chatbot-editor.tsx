/**
 * The Chatbot Editor (product-core.md §2 "Create chatbot", §4 "Moderation", "Submit for review",
 * "Drafts"): every field a creator sets, with the shared schema's messages per field, the avatar upload,
 * tags with the special ones, visibility and the definition rule, the live token count and the
 * guidelines agreement. A save that sends the bot to review asks first; a bot in review is read-only;
 * one that needs fixing keeps its visibility and may go to a moderator. Save Draft keeps the form in
 * this browser; leaving with unsaved changes asks first.
 */
import type { CardImportFields } from '#shared/api/authoring';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { characterLimits, definitionVisibleFor } from '#shared/rules/character';
import { withNsfwTag } from '#shared/rules/nsfw-tag';
import { estimateCharacterTokens } from '#shared/rules/token-estimate';
import type { OwnCharacter } from '#shared/schemas/own-character';
import { AvatarField } from '../../../components/avatar-field';
import { CheckboxField } from '../../../components/checkbox-field';
import { bindText, settersOf } from '../../../components/editor-shell/bind-fields';
import { EditorShell } from '../../../components/editor-shell/editor-shell';
import { useEditorShell } from '../../../components/editor-shell/use-editor-shell';
import { GuidelinesAgreement } from '../../../components/guidelines-agreement';
import { LanguageField } from '../../../components/language-field';
import { TagField } from '../../../components/tag-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { VisibilityChoices, type VisibilityChoice } from '../../../components/visibility-choices';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { valuesDiffer } from '../../../lib/use-leave-guard';
import { saveCharacter, uploadChatbotAvatar } from '../api';
import { removeDraft, saveDraft } from '../drafts';
import { checkValues, isEditorField, type EditorField, type EditorValues } from '../editor-values';

/** The toast after Save Draft (product-core.md §4, "Drafts"). */
export const draftSavedText = 'Chatbot Saved';

const visibilityChoices: readonly VisibilityChoice[] = [
  { value: 'public', label: 'Public', note: 'Listed for everyone after review.' },
  { value: 'hidden', label: 'Unlisted', note: 'Anyone with the link can chat.' },
  { value: 'private', label: 'Private', note: 'Only you can chat.' },
];

/** The editor's text fields, bound to its values by `bindText`. */
type TextFieldName = 'name' | 'title' | 'greeting' | 'persona' | 'scenario' | 'dialogue';

/** A create may carry what an imported card brought (features/cards), saved with the chatbot. */
export type EditorMode =
  | { kind: 'create'; draftId: string | null; card?: CardImportFields | null }
  | { kind: 'edit'; character: OwnCharacter };

export function ChatbotEditor({
  memberId,
  mode,
  initial,
  notice,
  renderRestricted,
}: {
  memberId: string;
  mode: EditorMode;
  initial: EditorValues;
  /** A line to announce on arrival ('Chatbot Saved' after Save Draft). */
  notice?: string | null;
  /** The Restricted! dialog, for a member who may not create or edit chatbots (composed by the app). */
  renderRestricted: (onClose: () => void) => ReactNode;
}) {
  const { api } = useServices();
  const [, navigate] = useLocation();
  const [values, setValues] = useState(initial);
  const toast = useToast();
  const character = mode.kind === 'edit' ? mode.character : null;
  const { formRef, shell } = useEditorShell<EditorField, 'save' | 'manual'>({
    saved: character,
    isField: isEditorField,
    isDirty: valuesDiffer(values, initial),
    navigate,
  });
  const { errors, isLocked } = shell;
  const tokens = estimateCharacterTokens(values);

  const update = (next: Partial<EditorValues>) => {
    setValues((v) => withNsfwTag({ ...v, ...next }));
    shell.edited();
  };
  const set = settersOf(update);
  const text = bindText<TextFieldName>(values, errors, characterLimits, set);

  const submit = async (submitForManualReview: boolean) => {
    const body = shell.accept(checkValues(values, submitForManualReview));
    if (body === null) return;
    shell.setIsBusy(true);
    try {
      const saved = await saveCharacter(
        api,
        character?.id ?? null,
        body,
        mode.kind === 'create' ? (mode.card ?? null) : null,
      );
      if (mode.kind === 'create') {
        if (mode.draftId !== null) removeDraft(memberId, mode.draftId);
        shell.leave.go(paths.chatWithCharacter.build(saved.id));
      } else {
        shell.leave.go(paths.myChatbots.build());
      }
    } catch (err) {
      shell.failSave(err);
    }
  };

  const onSave = (submitForManualReview: boolean) => {
    if (shell.accept(checkValues(values, submitForManualReview)) === null) return;
    // Publishing, resubmitting a fix or asking for a moderator is confirmed first (spec §4).
    if (shell.goesToReview(values.visibility, submitForManualReview)) {
      shell.setConfirming(submitForManualReview ? 'manual' : 'save');
    } else void submit(submitForManualReview);
  };

  const onSaveDraft = () => {
    if (mode.kind !== 'create') return;
    const saved = saveDraft(memberId, mode.draftId, values, mode.card ?? null);
    // The browser may refuse to store (storage full or turned off): the form stays and says so.
    if (!saved.ok) {
      toast('Failed to save draft. Please try again.', 'error');
      return;
    }
    navigate(paths.chatbotDraft.build(saved.draftId), {
      replace: mode.draftId !== null,
      state: { notice: draftSavedText },
    });
  };

  const area = (field: TextFieldName, label: string, note: string, rows: number) => (
    <TextAreaField label={label} note={note} rows={rows} {...text(field)} />
  );

  return (
    <Wrapper>
      <Heading>
        <h1>Chatbot Editor</h1>
        <TokenCount role="status" aria-live="polite">
          {tokens} tokens
        </TokenCount>
      </Heading>
      {notice !== null && notice !== undefined && <Notice role="status">{notice}</Notice>}
      <EditorShell
        shell={shell}
        formRef={formRef}
        subject="chatbot"
        legend="Chatbot"
        isFramed
        submitLabel={mode.kind === 'create' ? 'Create Chatbot' : 'Save Chatbot'}
        onSaveDraft={mode.kind === 'create' ? onSaveDraft : null}
        onSave={onSave}
        onConfirm={(confirming) => void submit(confirming === 'manual')}
        renderRestricted={renderRestricted}
      >
        <AvatarField
          avatarUrl={values.avatarUrl}
          name={values.name}
          alt="Chatbot avatar"
          disabled={isLocked}
          upload={(file, opts) => uploadChatbotAvatar(api, file, opts)}
          onChange={set('avatarUrl')}
          onRestricted={() => {
            shell.setIsRestricted(true);
          }}
        />
        <CheckboxField
          label="The avatar shows NSFW content"
          checked={values.avatarIsNsfw}
          onChange={set('avatarIsNsfw')}
        />
        <TextField label="Name" {...text('name')} />
        <TextField
          label="Title"
          note="A short line shown under the name on cards."
          {...text('title')}
        />
        {area('greeting', 'Greeting', 'The first message of every new chat.', 4)}
        {area('persona', 'Personality', 'Who the chatbot is: traits, looks, history.', 6)}
        {area('scenario', 'Scenario', 'Where and when the chat takes place.', 3)}
        {area(
          'dialogue',
          'Example dialogues',
          'How the chatbot talks, e.g. {{user}}: Hi {{char}}: Hello!',
          4,
        )}
        <TagField
          tags={values.tags}
          disabled={isLocked}
          error={errors.tags}
          onChange={set('tags')}
        />
        <CheckboxField
          isSwitch
          label="NSFW chatbot (adds the NSFW tag)"
          checked={values.isNsfw}
          onChange={(isNsfw) => {
            // Turning NSFW off also drops Step-Family, which is NSFW-only content.
            update(
              isNsfw
                ? { isNsfw }
                : {
                    isNsfw,
                    tags: values.tags.filter((t) => t !== 'NSFW' && t !== 'Step-Family'),
                  },
            );
          }}
        />
        <CheckboxField
          isSwitch
          label="Step-Family content (NSFW only)"
          checked={values.tags.includes('Step-Family')}
          onChange={(on) => {
            const others = values.tags.filter((t) => t !== 'Step-Family');
            update({ tags: on ? [...others, 'Step-Family'] : others });
          }}
        />
        <VisibilityChoices
          choices={visibilityChoices}
          value={values.visibility}
          isLocked={shell.isVisibilityLocked}
          note={
            shell.isVisibilityLocked
              ? 'The visibility of this chatbot is locked.'
              : definitionVisibleFor(values.visibility)
                ? 'Its definition (personality, scenario, example dialogues) will be visible on its profile.'
                : 'Its definition stays hidden from others.'
          }
          error={errors.visibility}
          onChange={set('visibility')}
        />
        <LanguageField label="Language" value={values.language} onChange={set('language')} />
        <GuidelinesAgreement
          checked={values.guidelines}
          onChange={set('guidelines')}
          error={errors.guidelines}
        />
      </EditorShell>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const TokenCount = styled.p`
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Notice = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
`;
