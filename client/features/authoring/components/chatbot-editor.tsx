/**
 * The Chatbot Editor (product-core.md §2 "Create chatbot", §4 "Moderation", "Submit for review",
 * "Drafts"): every field a creator sets, with the shared schema's messages per field, the avatar upload,
 * tags with the special ones, visibility and the definition rule, the live token count and the
 * guidelines agreement. A save that sends the bot to review asks first; a bot in review is read-only;
 * one that needs fixing keeps its visibility and may go to a moderator. Save Draft keeps the form in
 * this browser; leaving with unsaved changes asks first.
 */
import type { CardExtras } from '#shared/cards/card-schemas';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { characterLimits, definitionVisibleFor } from '#shared/rules/character';
import { isEditLocked, moderationOnSave } from '#shared/rules/moderation';
import { withNsfwTag } from '#shared/rules/nsfw-tag';
import { estimateCharacterTokens } from '#shared/rules/token-estimate';
import type { OwnCharacter } from '#shared/schemas/own-character';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { GuidelinesAgreement } from '../../../components/guidelines-agreement';
import { LanguageField } from '../../../components/language-field';
import { LeaveConfirm } from '../../../components/leave-confirm';
import { ModerationBanner } from '../../../components/moderation-banner';
import { ReviewConfirm } from '../../../components/review-confirm';
import { SaveActions } from '../../../components/save-actions';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { VisibilityChoices, type VisibilityChoice } from '../../../components/visibility-choices';
import { useRevealFirstError } from '../../../components/use-reveal-first-error';
import { visuallyHidden } from '../../../components/visually-hidden';
import { toApiError } from '../../../lib/api-client';
import { formErrorsOf, isRestrictedError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { AvatarField } from '../../../components/avatar-field';
import { useLeaveGuard, valuesDiffer } from '../../../lib/use-leave-guard';
import { saveCharacter, uploadChatbotAvatar } from '../api';
import { removeDraft, saveDraft } from '../drafts';
import { checkValues, isEditorField, type EditorErrors, type EditorValues } from '../editor-values';
import { TagField } from './tag-field';

/** The toast after Save Draft (product-core.md §4, "Drafts"). */
export const draftSavedText = 'Chatbot Saved';

const visibilityChoices: readonly VisibilityChoice[] = [
  { value: 'public', label: 'Public', note: 'Listed for everyone after review.' },
  { value: 'hidden', label: 'Unlisted', note: 'Anyone with the link can chat.' },
  { value: 'private', label: 'Private', note: 'Only you can chat.' },
];

/** A create may carry the card data an imported card kept (features/cards), saved with the chatbot. */
export type EditorMode =
  | { kind: 'create'; draftId: string | null; cardExtras?: CardExtras | null }
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
  const [errors, setErrors] = useState<EditorErrors>({});
  const toast = useToast();
  const { formRef, reveal } = useRevealFirstError();
  const [isBusy, setIsBusy] = useState(false);
  const [confirming, setConfirming] = useState<'save' | 'manual' | null>(null);
  const [isRestricted, setIsRestricted] = useState(false);
  const character = mode.kind === 'edit' ? mode.character : null;
  /** 'Submit for Manual Review' is on offer until the creator edits the form. */
  const [offersManual, setOffersManual] = useState(character?.submitForManualReview === true);
  const isDirty = valuesDiffer(values, initial);
  const leave = useLeaveGuard(isDirty && !isBusy, navigate);

  const status = character?.moderationStatus ?? null;
  const isLocked = isEditLocked(status);
  const isVisibilityLocked =
    status === 'fix_required' || character?.visibility === 'permanently_private';
  const before = character && {
    visibility: character.visibility,
    moderationStatus: status,
    moderationAction: character.moderationAction,
  };
  const tokens = estimateCharacterTokens(values);

  const update = (next: Partial<EditorValues>) => {
    setValues((v) => withNsfwTag({ ...v, ...next }));
    setErrors({});
    setOffersManual(false);
  };

  const submit = async (submitForManualReview: boolean) => {
    const checked = checkValues(values, submitForManualReview);
    if (!checked.ok) {
      setErrors(checked.errors);
      reveal();
      setConfirming(null);
      return;
    }
    setIsBusy(true);
    try {
      const saved = await saveCharacter(
        api,
        character?.id ?? null,
        checked.body,
        mode.kind === 'create' ? (mode.cardExtras ?? null) : null,
      );
      if (mode.kind === 'create') {
        if (mode.draftId !== null) removeDraft(memberId, mode.draftId);
        navigate(paths.chatWithCharacter.build(saved.id));
      } else {
        navigate(paths.myChatbots.build());
      }
    } catch (err) {
      const error = toApiError(err);
      if (isRestrictedError(error)) setIsRestricted(true);
      else {
        setErrors(formErrorsOf(error, isEditorField));
        reveal();
      }
      setConfirming(null);
      setIsBusy(false);
    }
  };

  const onSave = (submitForManualReview: boolean) => {
    const checked = checkValues(values, submitForManualReview);
    if (!checked.ok) {
      setErrors(checked.errors);
      reveal();
      return;
    }
    const decision = moderationOnSave(before ?? null, {
      visibility: values.visibility,
      submitForManualReview,
    });
    // Publishing, resubmitting a fix or asking for a moderator is confirmed first (spec §4).
    if (decision.ok && decision.review) setConfirming(submitForManualReview ? 'manual' : 'save');
    else void submit(submitForManualReview);
  };

  const onSaveDraft = () => {
    if (mode.kind !== 'create') return;
    const saved = saveDraft(memberId, mode.draftId, values, mode.cardExtras ?? null);
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

  const area = (
    field: 'greeting' | 'persona' | 'scenario' | 'dialogue',
    label: string,
    note: string,
    rows: number,
  ) => (
    <TextAreaField
      label={label}
      note={note}
      hasCounter
      rows={rows}
      value={values[field]}
      maxLength={characterLimits[field].max}
      onChange={(e) => {
        update({ [field]: e.target.value });
      }}
      error={errors[field]}
    />
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
      {character !== null && <ModerationBanner subject="chatbot" moderation={character} />}
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!isBusy) onSave(false);
        }}
      >
        <Fieldset disabled={isLocked || isBusy}>
          <HiddenLegend>Chatbot</HiddenLegend>
          <AvatarField
            avatarUrl={values.avatarUrl}
            name={values.name}
            alt="Chatbot avatar"
            disabled={isLocked}
            upload={(file, opts) => uploadChatbotAvatar(api, file, opts)}
            onChange={(avatarUrl) => {
              update({ avatarUrl });
            }}
            onRestricted={() => {
              setIsRestricted(true);
            }}
          />
          <CheckboxField
            label="The avatar shows NSFW content"
            checked={values.avatarIsNsfw}
            onChange={(avatarIsNsfw) => {
              update({ avatarIsNsfw });
            }}
          />
          <TextField
            label="Name"
            value={values.name}
            maxLength={characterLimits.name.max}
            onChange={(e) => {
              update({ name: e.target.value });
            }}
            error={errors.name}
          />
          <TextField
            label="Title"
            note="A short line shown under the name on cards."
            value={values.title}
            maxLength={characterLimits.title.max}
            onChange={(e) => {
              update({ title: e.target.value });
            }}
            error={errors.title}
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
            onChange={(tags) => {
              update({ tags });
            }}
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
            isLocked={isVisibilityLocked}
            note={
              isVisibilityLocked
                ? 'The visibility of this chatbot is locked.'
                : definitionVisibleFor(values.visibility)
                  ? 'Its definition (personality, scenario, example dialogues) will be visible on its profile.'
                  : 'Its definition stays hidden from others.'
            }
            error={errors.visibility}
            onChange={(visibility) => {
              update({ visibility });
            }}
          />
          <LanguageField
            label="Language"
            value={values.language}
            onChange={(language) => {
              update({ language });
            }}
          />
          <GuidelinesAgreement
            checked={values.guidelines}
            onChange={(guidelines) => {
              update({ guidelines });
            }}
            error={errors.guidelines}
          />
          <SaveActions
            error={errors.form}
            isBusy={isBusy}
            onSaveDraft={mode.kind === 'create' ? onSaveDraft : null}
            submitLabel={mode.kind === 'create' ? 'Create Chatbot' : 'Save Chatbot'}
          >
            {offersManual && (
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
      {confirming !== null && (
        <ReviewConfirm
          subject="chatbot"
          isManual={confirming === 'manual'}
          isBusy={isBusy}
          onCancel={() => {
            setConfirming(null);
          }}
          onConfirm={() => void submit(confirming === 'manual')}
        />
      )}
      {isRestricted &&
        renderRestricted(() => {
          setIsRestricted(false);
        })}
      {leave.pending !== null && (
        <LeaveConfirm subject="chatbot" onStay={leave.stay} onLeave={leave.proceed} />
      )}
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

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const HiddenLegend = styled.legend`
  ${visuallyHidden}
`;
