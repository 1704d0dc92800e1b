/**
 * The Set restriction dialog: type, reason and (for a Temporary Hold, required; Restricted and shadowban,
 * optional; Terminated, none) when it ends. Checked here first with the server's rules, then by the server.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { SetRestrictionInput } from '#shared/api/admin';
import {
  restrictionTypes,
  RestrictionTypeSchema,
  type Restriction,
  type RestrictionType,
} from '#shared/schemas/restriction';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { setRestriction } from '../api';
import { expiryRule, restrictionDescriptions, restrictionLabels } from '../labels';
import { ErrorText, Field, Input, Label, Note, Select, TextArea } from './admin-styles';

/** The order admins pick from: the common, reversible ones first. */
const typeOrder: readonly RestrictionType[] = [
  'restriction_full_time',
  'restriction_limited',
  'shadowban',
  'restriction_full',
];

type FieldName = 'type' | 'reason' | 'expiresAt';
type Errors = Partial<Record<FieldName, string>>;

/** `datetime-local` value (local time, minutes) of a date. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

const inADay = () => toLocalInput(new Date(Date.now() + 24 * 60 * 60 * 1000));

function isFieldName(value: string | undefined): value is FieldName {
  return value === 'type' || value === 'reason' || value === 'expiresAt';
}

export function SetRestrictionDialog({
  userId,
  onClose,
  onSet,
}: {
  userId: string;
  onClose: () => void;
  onSet: (restriction: Restriction) => void;
}) {
  const { api } = useServices();
  const formId = useId();
  const ids = { type: useId(), reason: useId(), expiresAt: useId(), note: useId() };
  const [type, setType] = useState<RestrictionType>('restriction_full_time');
  const [reason, setReason] = useState('');
  const [expiresAt, setExpiresAt] = useState(inADay);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const rule = expiryRule(type);

  const validate = (): { input: SetRestrictionInput } | { errors: Errors } => {
    const found: Errors = {};
    const trimmed = reason.trim();
    if (trimmed === '') found.reason = 'Give a reason.';
    let expiry: string | undefined;
    if (rule !== 'none' && expiresAt !== '') {
      const date = new Date(expiresAt);
      if (Number.isNaN(date.getTime())) found.expiresAt = 'Enter a date and time.';
      else if (date.getTime() <= Date.now()) found.expiresAt = 'Choose a time in the future.';
      else expiry = date.toISOString();
    } else if (rule === 'required') {
      found.expiresAt = 'A Temporary Hold needs an end.';
    }
    if (Object.keys(found).length > 0) return { errors: found };
    return {
      input: { type, reason: trimmed, ...(expiry === undefined ? {} : { expiresAt: expiry }) },
    };
  };

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isSaving) return;
    const checked = validate();
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (['reason', 'expiresAt'] as const).find((f) => checked.errors[f] !== undefined);
      if (first !== undefined) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setIsSaving(true);
    setRestriction(api, userId, checked.input).then(onSet, (err: unknown) => {
      setIsSaving(false);
      const error = toApiError(err);
      if (error.code === 'validation_failed' && isFieldName(error.field)) {
        setErrors({ [error.field]: error.message.replace(/^\w+: /, '') });
        document.getElementById(ids[error.field])?.focus();
      } else {
        setFormError(errorText(error));
      }
    });
  };

  const invalid = (field: FieldName) =>
    errors[field] === undefined
      ? {}
      : { 'aria-invalid': true as const, 'aria-errormessage': `${ids[field]}-error` };
  const describedBy = (field: FieldName, extra?: string) =>
    [errors[field] === undefined ? null : `${ids[field]}-error`, extra ?? null]
      .filter((v) => v !== null)
      .join(' ') || undefined;

  return (
    <Modal
      title="Set restriction"
      onClose={() => {
        if (!isSaving) onClose();
      }}
      actions={
        <>
          <Button disabled={isSaving} onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            $variant="danger"
            disabled={isSaving}
            aria-busy={isSaving}
          >
            {isSaving ? 'Setting…' : 'Set restriction'}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={submit}>
        <Field>
          <Label htmlFor={ids.type}>Type</Label>
          <Select
            id={ids.type}
            value={type}
            aria-describedby={ids.note}
            onChange={(event) => {
              const parsed = RestrictionTypeSchema.safeParse(event.target.value);
              if (parsed.success) setType(parsed.data);
              setErrors({});
            }}
          >
            {typeOrder
              .filter((t) => restrictionTypes.includes(t))
              .map((t) => (
                <option key={t} value={t}>
                  {restrictionLabels[t]}
                </option>
              ))}
          </Select>
          <Note id={ids.note}>{restrictionDescriptions[type]}</Note>
        </Field>
        <Field>
          <Label htmlFor={ids.reason}>Reason</Label>
          <TextArea
            id={ids.reason}
            value={reason}
            maxLength={1000}
            required
            {...invalid('reason')}
            aria-describedby={describedBy('reason')}
            onChange={(event) => {
              setReason(event.target.value);
            }}
          />
          {errors.reason !== undefined && (
            <ErrorText id={`${ids.reason}-error`}>{errors.reason}</ErrorText>
          )}
        </Field>
        {rule !== 'none' && (
          <Field>
            <Label htmlFor={ids.expiresAt}>
              {rule === 'required' ? 'Ends at' : 'Ends at (optional)'}
            </Label>
            <Input
              id={ids.expiresAt}
              type="datetime-local"
              value={expiresAt}
              required={rule === 'required'}
              {...invalid('expiresAt')}
              aria-describedby={describedBy('expiresAt')}
              onChange={(event) => {
                setExpiresAt(event.target.value);
              }}
            />
            {errors.expiresAt !== undefined && (
              <ErrorText id={`${ids.expiresAt}-error`}>{errors.expiresAt}</ErrorText>
            )}
          </Field>
        )}
        {formError !== null && <ErrorText role="alert">{formError}</ErrorText>}
      </Form>
    </Modal>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.text};
`;
