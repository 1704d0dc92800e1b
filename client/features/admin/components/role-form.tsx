/** Role change: pick a role, confirm in a dialog, then a status line says what happened. */
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { AdminUser } from '#shared/api/admin';
import { roles, RoleSchema, type Role } from '#shared/schemas/user';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { changeRole } from '../api';
import { roleLabels } from '../labels';
import {
  ErrorText,
  Field,
  Label,
  Note,
  Section,
  SectionTitle,
  Select,
  SuccessText,
} from './admin-styles';

export function RoleForm({
  user,
  onChanged,
}: {
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
}) {
  const { api } = useServices();
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [chosen, setChosen] = useState<Role>(user.role);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const who = user.email ?? user.username ?? 'this member';

  const confirm = () => {
    setIsSaving(true);
    setError(null);
    changeRole(api, user.id, chosen).then(
      (updated) => {
        setIsSaving(false);
        setIsConfirming(false);
        setDone(`Role changed to ${roleLabels[updated.role]}.`);
        onChanged(updated);
      },
      (err: unknown) => {
        setIsSaving(false);
        setError(errorText(toApiError(err)));
      },
    );
  };

  return (
    <Section aria-labelledby="admin-role-title">
      <SectionTitle id="admin-role-title">Role</SectionTitle>
      <Row
        onSubmit={(event) => {
          event.preventDefault();
          setDone('');
          setError(null);
          setIsConfirming(true);
        }}
      >
        <Field>
          <Label htmlFor={selectId}>Role</Label>
          <Select
            ref={selectRef}
            id={selectId}
            value={chosen}
            onChange={(event) => {
              const parsed = RoleSchema.safeParse(event.target.value);
              if (parsed.success) setChosen(parsed.data);
              setDone('');
            }}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
                {role === user.role ? ' (current)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" $variant="primary" disabled={chosen === user.role}>
          Change role
        </Button>
      </Row>
      <Note>A new role reaches the member&apos;s session at its next refresh, within minutes.</Note>
      <SuccessText role="status">{done}</SuccessText>
      {isConfirming && (
        <Modal
          title="Change role?"
          returnFocusRef={selectRef}
          onClose={() => {
            if (!isSaving) setIsConfirming(false);
          }}
          actions={
            <>
              <Button
                disabled={isSaving}
                onClick={() => {
                  setIsConfirming(false);
                }}
              >
                Cancel
              </Button>
              <Button $variant="primary" disabled={isSaving} aria-busy={isSaving} onClick={confirm}>
                {isSaving ? 'Changing…' : 'Change role'}
              </Button>
            </>
          }
        >
          <p>
            Change the role of <strong>{who}</strong> from {roleLabels[user.role]} to{' '}
            {roleLabels[chosen]}?
          </p>
          {error !== null && <ErrorText role="alert">{error}</ErrorText>}
        </Modal>
      )}
    </Section>
  );
}

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};

  & > div {
    flex: 1 1 220px;
  }
`;
