/**
 * The profile's Email notifications card (issue 25 item 6): one switch per kind of mail, off until the
 * member turns it on, saved the moment it changes. An account without an address to mail says how to
 * add one instead.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { EmailNotificationSettings } from '#shared/api/email-notifications';
import { CheckboxField } from '../../../components/checkbox-field';
import { Card, FieldNote } from '../../../components/form-controls';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadEmailNotifications, saveEmailNotifications } from '../api';

export function EmailNotificationSettingsCard() {
  const { api } = useServices();
  const id = useId();
  const loaded = useQuery('email-notifications', (signal) => loadEmailNotifications(api, signal));
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Email notifications</h2>
      {loaded.status === 'loading' && <Spinner label="Loading email notifications" />}
      {loaded.status === 'error' && (
        <ErrorState message={errorText(loaded.error)} onRetry={loaded.retry} />
      )}
      {loaded.status === 'success' && <Switches initial={loaded.data} />}
    </Card>
  );
}

function Switches({ initial }: { initial: EmailNotificationSettings }) {
  const { api } = useServices();
  const [settings, setSettings] = useState(initial);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  if (!settings.hasEmail) {
    return (
      <FieldNote>
        Add an email to your account to get notifications.{' '}
        <Link href={paths.updateEmail.build(paths.profile.build())}>Add email</Link>
      </FieldNote>
    );
  }

  /** The switch moves at once; a refusal moves it back and says why. */
  const save = async (missedReply: boolean) => {
    const before = settings;
    setSettings({ ...settings, missedReply });
    setIsBusy(true);
    setError(null);
    setStatus(null);
    try {
      setSettings(await saveEmailNotifications(api, { missedReply }));
      setStatus(missedReply ? 'Email notifications on.' : 'Email notifications off.');
    } catch (err) {
      setSettings(before);
      setError(errorText(toApiError(err)));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <FieldNote>We only email you about what you turn on here.</FieldNote>
      <Kinds disabled={isBusy}>
        <legend>Email me when</legend>
        <CheckboxField
          isSwitch
          label="A reply arrives while I'm away"
          checked={settings.missedReply}
          onChange={(missedReply) => {
            void save(missedReply);
          }}
        />
      </Kinds>
      <FormError error={error ?? undefined} />
      <Status role="status">{status}</Status>
    </>
  );
}

const Kinds = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Status = styled.p`
  min-height: 1.5em;
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
