/**
 * The page a mail's unsubscribe link opens (issue 25 item 6): it says which mails stop, and one button
 * stops them. It works signed out: the link's signed token is the only credential. A forged or altered
 * link is told plainly and changes nothing.
 */
import { useId, useState } from 'react';
import type { UnsubscribeLink } from '#shared/api/email-notifications';
import type { EmailNotificationKind } from '#shared/rules/email-notifications';
import { Button } from '../../../components/button';
import { Actions, Card } from '../../../components/form-controls';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { readLink, unsubscribeByLink } from '../api';

const kindTexts: Record<EmailNotificationKind, string> = {
  missed_reply: 'emails about replies that arrive while you are away',
};

export function UnsubscribeConfirm({ token }: { token: string }) {
  const { api } = useServices();
  const id = useId();
  const link = useQuery(`unsubscribe-${token}`, (signal) => readLink(api, token, signal));
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Unsubscribe</h1>
      {link.status === 'loading' && <Spinner label="Checking the link" />}
      {link.status === 'error' &&
        (link.error.code === 'unsubscribe_link_invalid' ||
        link.error.code === 'validation_failed' ? (
          <p role="alert">{errorText({ code: 'unsubscribe_link_invalid' })}</p>
        ) : (
          <ErrorState message={errorText(link.error)} onRetry={link.retry} />
        ))}
      {link.status === 'success' && <Confirm token={token} link={link.data} />}
    </Card>
  );
}

function Confirm({ token, link }: { token: string; link: UnsubscribeLink }) {
  const { api } = useServices();
  const [isDone, setIsDone] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const what = kindTexts[link.kind];
  if (isDone) {
    return (
      <p role="status">
        Done. {link.brandName} will not send you {what} any more. You can turn them back on in your
        profile.
      </p>
    );
  }
  return (
    <>
      <p>
        Stop {what} from {link.brandName}?
      </p>
      <FormError error={error} />
      <Actions>
        <Button
          $variant="primary"
          disabled={isBusy}
          onClick={() => {
            setIsBusy(true);
            setError(undefined);
            unsubscribeByLink(api, token).then(
              () => {
                setIsDone(true);
              },
              (err: unknown) => {
                setError(errorText(toApiError(err)));
                setIsBusy(false);
              },
            );
          }}
        >
          Unsubscribe
        </Button>
      </Actions>
    </>
  );
}
