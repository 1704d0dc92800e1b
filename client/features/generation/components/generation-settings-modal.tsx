/**
 * Generation Settings (product-core.md "Chat screen", model select and model settings): the model replies
 * run on, and max new tokens, temperature, top-p and top-k within their safe ranges. Anyone signed in
 * picks among the models their plan allows (others are shown disabled); the sampling needs Basic or
 * Premium and is shown read-only otherwise.
 */
import { useId, useState, type RefObject } from 'react';
import styled from 'styled-components';
import type { GenerationSettingsView } from '#shared/api/generation';
import { replyTokensOf, settingRanges } from '#shared/rules/generation';
import { tierNames } from '#shared/rules/plans';
import type { InferenceSettings } from '#shared/schemas/inference-model';
import { Button } from '../../../components/button';
import {
  Field,
  FieldError,
  FieldNote,
  Form,
  Label,
  Select,
} from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadGenerationSettings, saveGenerationSettings } from '../api';

interface GenerationSettingsModalProps {
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function GenerationSettingsModal({ onClose, returnFocusRef }: GenerationSettingsModalProps) {
  const { api } = useServices();
  const view = useQuery('generation-settings', (signal) => loadGenerationSettings(api, signal));
  const formId = useId();
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Modal
      title="Generation Settings"
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={
        <>
          <Button onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            $variant="primary"
            disabled={view.status !== 'success' || isSaving}
            aria-busy={isSaving}
          >
            {isSaving ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      {view.status === 'loading' && <Spinner label="Loading settings" />}
      {view.status === 'error' && (
        <ErrorState message={errorText(view.error)} onRetry={view.retry} />
      )}
      {view.status === 'success' && (
        <SettingsForm id={formId} view={view.data} onSavingChange={setIsSaving} onSaved={onClose} />
      )}
    </Modal>
  );
}

const sliders = [
  { key: 'maxNewTokens', label: 'Max new tokens', range: settingRanges.maxNewTokens },
  { key: 'temperature', label: 'Temperature', range: settingRanges.temperature },
  { key: 'topP', label: 'Top-p', range: settingRanges.topP },
  { key: 'topK', label: 'Top-k', range: settingRanges.topK },
] as const;

function SettingsForm({
  id,
  view,
  onSavingChange,
  onSaved,
}: {
  id: string;
  view: GenerationSettingsView;
  onSavingChange: (isSaving: boolean) => void;
  onSaved: () => void;
}) {
  const { api } = useServices();
  const [values, setValues] = useState<InferenceSettings>(view.settings);
  const [error, setError] = useState<string | null>(null);
  const modelId = useId();
  const noteId = useId();
  const chosen = view.models.find((m) => m.id === values.modelId);

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    onSavingChange(true);
    setError(null);
    try {
      await saveGenerationSettings(api, values);
      onSaved();
    } catch (err) {
      setError(errorText(toApiError(err)));
    } finally {
      onSavingChange(false);
    }
  };

  return (
    <Form
      id={id}
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <Field>
        <Label htmlFor={modelId}>Model</Label>
        <Select
          id={modelId}
          value={values.modelId ?? ''}
          onChange={(e) => {
            setValues({ ...values, modelId: e.target.value });
          }}
        >
          {view.models.map((m) => (
            <option key={m.id} value={m.id} disabled={!m.isAuthorized}>
              {m.name}
              {m.size !== '' ? ` (${m.size})` : ''}
              {m.isAuthorized ? '' : ' – upgrade to use'}
            </option>
          ))}
        </Select>
        {chosen && (
          <FieldNote>
            {chosen.description} {contextNote(chosen.contextTokens, values.maxNewTokens)}
          </FieldNote>
        )}
      </Field>
      {!view.mayTune && (
        <FieldNote id={noteId}>
          Generation settings come with the {tierNames.paid_basic} and {tierNames.paid_premium}{' '}
          plans.
        </FieldNote>
      )}
      {sliders.map(({ key, label, range }) => (
        <Slider
          key={key}
          label={label}
          min={range.min}
          max={range.max}
          step={range.step}
          value={values[key]}
          disabled={!view.mayTune}
          describedBy={view.mayTune ? undefined : noteId}
          onChange={(value) => {
            setValues({ ...values, [key]: value });
          }}
        />
      ))}
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </Form>
  );
}

function Slider(props: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  disabled: boolean;
  describedBy: string | undefined;
  onChange: (value: number) => void;
}) {
  const inputId = useId();
  return (
    <Field>
      <SliderHead>
        <Label htmlFor={inputId}>{props.label}</Label>
        <output htmlFor={inputId}>{props.value}</output>
      </SliderHead>
      <Range
        id={inputId}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(e) => {
          // Steps of 0.05 add float noise; round to the step's decimals.
          props.onChange(Number(Number(e.target.value).toFixed(2)));
        }}
      />
    </Field>
  );
}

const SliderHead = styled.div`
  display: flex;
  justify-content: space-between;
  font-variant-numeric: tabular-nums;
`;

const Range = styled.input`
  width: 100%;
  accent-color: ${({ theme }) => theme.color.primary};
`;

/** The context a model gives the member, split between the chat and the reply as a reply splits it. */
function contextNote(contextTokens: number, maxNewTokens: number): string {
  const reply = replyTokensOf(contextTokens, maxNewTokens);
  const chat = contextTokens - reply;
  return `Your context memory on it: ${contextTokens.toLocaleString()} tokens, ${chat.toLocaleString()} for the chat and ${reply.toLocaleString()} for the reply.`;
}
