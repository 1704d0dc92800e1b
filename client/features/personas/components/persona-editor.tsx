/**
 * The persona editor (product-rules.md "/personas/create", "/personas/edit", §5 "Persona"): avatar,
 * name and highlights with the spec's rules and messages, 'Set as default persona' when creating;
 * Cancel, and Create or Update. Past the tier's allowance the save opens Limit Reached.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { PersonaInputSchema, type PersonaInput } from '#shared/api/personas';
import { personaFieldLimits } from '#shared/rules/persona';
import type { Persona } from '#shared/schemas/persona';
import { AvatarField } from '../../../components/avatar-field';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { errorText, formErrorText } from '../../../lib/errors';
import { useMe } from '../../../lib/member';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { savePersona, uploadAvatar } from '../api';
import { LimitDialog } from './limit-dialog';

type Errors = Partial<Record<keyof PersonaInput, string>>;

function validate(values: { avatarUrl: string | null; name: string; highlights: string }): Errors {
  const result = PersonaInputSchema.safeParse({ ...values, avatarUrl: values.avatarUrl ?? '' });
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'avatarUrl' || field === 'name' || field === 'highlights') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

export function PersonaEditor({ persona }: { persona: Persona | null }) {
  const { api } = useServices();
  const toast = useToast();
  const me = useMe();
  const [, navigate] = useLocation();
  const [avatarUrl, setAvatarUrl] = useState<string | null>(persona?.avatarUrl ?? null);
  const [name, setName] = useState(persona?.name ?? '');
  const [highlights, setHighlights] = useState(persona?.highlights ?? '');
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [limit, setLimit] = useState<number | null>(null);

  const save = async () => {
    const found = validate({ avatarUrl, name, highlights });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      await savePersona(api, persona?.id ?? null, {
        avatarUrl: avatarUrl ?? '',
        name,
        highlights,
        isDefault,
      });
      toast(persona === null ? 'Persona created' : 'Persona updated');
      navigate(paths.personas.build());
    } catch (err) {
      const error = toApiError(err);
      if (error.code === 'persona_limit') {
        const allowed = error.details?.limit;
        setLimit(typeof allowed === 'number' ? allowed : 0);
      } else if (
        error.code === 'validation_failed' &&
        (error.field === 'avatarUrl' || error.field === 'name' || error.field === 'highlights')
      ) {
        setErrors({ [error.field]: formErrorText(error) });
      } else {
        toast(errorText(error), 'error');
      }
      setIsSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!isSaving) void save();
      }}
    >
      <Fields disabled={isSaving}>
        <AvatarField
          avatarUrl={avatarUrl}
          name={name}
          alt="Persona avatar"
          isRequired
          disabled={isSaving}
          error={errors.avatarUrl ?? null}
          upload={(file, opts) => uploadAvatar(api, file, opts)}
          onChange={(url) => {
            setAvatarUrl(url);
            setErrors((e) => ({ ...e, avatarUrl: undefined }));
          }}
        />
        <TextField
          label="Name"
          value={name}
          maxLength={personaFieldLimits.name.max}
          hasCounter
          autoComplete="off"
          error={errors.name ?? null}
          onChange={(e) => {
            setName(e.target.value);
          }}
        />
        <TextAreaField
          label="Highlights"
          rows={6}
          value={highlights}
          maxLength={personaFieldLimits.highlights.max}
          hasCounter
          placeholder="Who you are in the chat: looks, personality, background…"
          error={errors.highlights ?? null}
          onChange={(e) => {
            setHighlights(e.target.value);
          }}
        />
        {persona === null && (
          <CheckboxField
            label="Set as default persona"
            checked={isDefault}
            onChange={setIsDefault}
          />
        )}
        <Buttons>
          <Button
            onClick={() => {
              navigate(paths.personas.build());
            }}
          >
            Cancel
          </Button>
          <Button type="submit" $variant="primary" disabled={isSaving} aria-busy={isSaving}>
            {persona === null ? 'Create' : 'Update'}
          </Button>
        </Buttons>
      </Fields>
      {limit !== null && (
        <LimitDialog
          limit={limit}
          role={me?.role ?? 'free_tier'}
          onClose={() => {
            setLimit(null);
          }}
        />
      )}
    </form>
  );
}

const Fields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
