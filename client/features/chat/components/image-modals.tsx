/**
 * The image dialogs (issue 26 item 2): Generate image (the image prompt, edited, and the
 * conversation's image settings: style, NSFW mode, legacy mode, LoRA scale, prompt suffix, negative
 * prompt), the image rating (the spec's levels with its image reasons) and the upgrade path.
 */
import { useId, useState } from 'react';
import type { ImageSettingsView } from '#shared/api/images';
import type { AppErrorBody } from '#shared/errors';
import {
  defaultImageSettings,
  imageExtraMaxChars,
  ImagePromptSchema,
  imagePromptMaxChars,
  imageReasonsFor,
  ImageSettingsSchema,
  imageStyleLabels,
  imageStyles,
  imageTexts,
  isV2Style,
  type ImageRating,
  type ImageSettings,
  type ImageStyle,
} from '#shared/rules/images';
import { CheckboxField } from '../../../components/checkbox-field';
import {
  Field,
  FieldError,
  FieldNote,
  Input,
  Label,
  Select,
  TextArea,
} from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { ModalActions } from '../../../components/modal-actions';
import { UpgradeModal } from '../../../components/upgrade-modal';
import { errorText } from '../../../lib/errors';
import { LevelRatingModal } from './level-rating-modal';

export function ImagesUpgradeModal({ onClose }: { onClose: () => void }) {
  return (
    <UpgradeModal title="Upgrade" onClose={onClose}>
      <p>{imageTexts.upgrade}</p>
    </UpgradeModal>
  );
}

interface GenerateImageModalProps {
  initialPrompt: string;
  /** The conversation's settings; null while they load. */
  view: ImageSettingsView | null;
  /** Whether the V2 styles may be chosen (avatar_images_v2). */
  mayUseV2: boolean;
  onGenerate: (prompt: string, settings: ImageSettings | null) => Promise<AppErrorBody | null>;
  onClose: () => void;
}

const sameSettings = (a: ImageSettings, b: ImageSettings) =>
  JSON.stringify(a) === JSON.stringify(b);

export function GenerateImageModal({
  initialPrompt,
  view,
  mayUseV2,
  onGenerate,
  onClose,
}: GenerateImageModalProps) {
  const id = useId();
  const [prompt, setPrompt] = useState(initialPrompt);
  const [edited, setEdited] = useState<ImageSettings | null>(null);
  const saved = view?.settings ?? defaultImageSettings;
  const settings = edited ?? saved;
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const isPromptValid = ImagePromptSchema.safeParse(prompt).success;
  const areSettingsValid = ImageSettingsSchema.safeParse(settings).success;
  const isConfigured = view?.isConfigured !== false;
  const change = (patch: Partial<ImageSettings>) => {
    setEdited({ ...settings, ...patch });
  };
  const submit = async () => {
    setIsSaving(true);
    const failed = await onGenerate(
      prompt,
      edited !== null && !sameSettings(edited, saved) ? edited : null,
    );
    setIsSaving(false);
    if (failed === null) onClose();
    else setError(errorText(failed));
  };
  return (
    <Modal
      title="Generate image"
      onClose={onClose}
      actions={
        <ModalActions
          onCancel={onClose}
          onSubmit={() => void submit()}
          submitLabel="Generate"
          disabled={!isConfigured || !isPromptValid || !areSettingsValid || isSaving}
        />
      }
    >
      {!isConfigured && <FieldNote role="status">{imageTexts.notConfigured}</FieldNote>}
      <Field>
        <Label htmlFor={`${id}-prompt`}>Image prompt</Label>
        <TextArea
          id={`${id}-prompt`}
          rows={4}
          maxLength={imagePromptMaxChars}
          value={prompt}
          onChange={(event) => {
            setPrompt(event.target.value);
          }}
        />
        <FieldNote>
          {prompt.length}/{imagePromptMaxChars}
        </FieldNote>
      </Field>
      <fieldset disabled={view === null}>
        <legend>Image settings</legend>
        <Field>
          <Label htmlFor={`${id}-style`}>Style</Label>
          <Select
            id={`${id}-style`}
            value={settings.style}
            onChange={(event) => {
              const style = imageStyles.find((s) => s === event.target.value);
              if (style !== undefined) change({ style });
            }}
          >
            {imageStyles.map((style: ImageStyle) => (
              <option key={style} value={style} disabled={isV2Style(style) && !mayUseV2}>
                {imageStyleLabels[style]}
                {isV2Style(style) && !mayUseV2 ? ' (Premium)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <CheckboxField
          isSwitch
          label="NSFW mode"
          checked={settings.nsfwMode}
          onChange={(nsfwMode) => {
            change({ nsfwMode });
          }}
        />
        {view !== null && !view.isNsfwAllowed && (
          <FieldNote>
            NSFW images need NSFW shown in your account settings and an NSFW chatbot.
          </FieldNote>
        )}
        <CheckboxField
          isSwitch
          label="Legacy mode"
          checked={settings.legacyMode}
          onChange={(legacyMode) => {
            change({ legacyMode });
          }}
        />
        <Field>
          <Label htmlFor={`${id}-lora`}>LoRA scale: {settings.loraScale.toFixed(2)}</Label>
          <Input
            id={`${id}-lora`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            disabled={settings.legacyMode}
            value={settings.loraScale}
            onChange={(event) => {
              change({ loraScale: Number(event.target.value) });
            }}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-suffix`}>Prompt suffix</Label>
          <Input
            id={`${id}-suffix`}
            maxLength={imageExtraMaxChars}
            value={settings.promptSuffix}
            onChange={(event) => {
              change({ promptSuffix: event.target.value });
            }}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-negative`}>Negative prompt</Label>
          <Input
            id={`${id}-negative`}
            maxLength={imageExtraMaxChars}
            value={settings.negativePrompt}
            onChange={(event) => {
              change({ negativePrompt: event.target.value });
            }}
          />
        </Field>
      </fieldset>
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </Modal>
  );
}

interface RateImageModalProps {
  onSubmit: (rating: ImageRating) => Promise<AppErrorBody | null>;
  onClose: () => void;
}

export function RateImageModal({ onSubmit, onClose }: RateImageModalProps) {
  return (
    <LevelRatingModal
      title="Rate this image"
      reasonsFor={imageReasonsFor}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
