/**
 * The moderators' review screen (issue 10, "Moderation"): chatbots in manual review (the creator asked,
 * or the automatic review could not decide) and those it flagged. A moderator reads the definition and
 * approves (the bot is listed) or rejects with reasons (the creator sees 'Action Required'), always
 * writing the action taken; each decision is audited on the server.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ReviewItem } from '#shared/api/authoring';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText, formErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadReviewQueue, sendReviewDecision, type ReviewQueueStatus } from '../review-api';
import {
  Badge,
  ErrorText,
  Field,
  Label,
  Note,
  Section,
  SectionTitle,
  TextArea,
} from './admin-styles';

export function ReviewQueue({ status }: { status: ReviewQueueStatus }) {
  const { api } = useServices();
  const [version, setVersion] = useState(0);
  const queue = useQuery(`review-queue:${status}:${String(version)}`, (signal) =>
    loadReviewQueue(api, status, signal),
  );
  return (
    <Column>
      <Tabs aria-label="Review queues">
        <Tab
          href={paths.adminModeration.build()}
          aria-current={status === 'manual_review_required' ? 'page' : undefined}
        >
          Manual review
        </Tab>
        <Tab
          href={paths.adminModeration.build('fix_required')}
          aria-current={status === 'fix_required' ? 'page' : undefined}
        >
          Flagged
        </Tab>
      </Tabs>
      {queue.status === 'loading' && <Spinner label="Loading the review queue" />}
      {queue.status === 'error' && (
        <ErrorState message={errorText(queue.error)} onRetry={queue.retry} />
      )}
      {queue.status === 'success' &&
        (queue.data.length === 0 ? (
          <EmptyState title="Nothing to review" />
        ) : (
          queue.data.map((item) => (
            <ReviewCard
              key={`${item.id}:${item.updatedAt}`}
              item={item}
              onDecided={() => {
                setVersion((v) => v + 1);
              }}
            />
          ))
        ))}
    </Column>
  );
}

function ReviewCard({ item, onDecided }: { item: ReviewItem; onDecided: () => void }) {
  const { api } = useServices();
  const id = useId();
  const [action, setAction] = useState('');
  const [reasons, setReasons] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const decide = async (decision: 'approve' | 'reject') => {
    const reasonList = reasons
      .split('\n')
      .map((r) => r.trim())
      .filter((r) => r !== '');
    if (action.trim().length < 3) {
      setError('Write the action taken (at least 3 characters).');
      return;
    }
    if (decision === 'reject' && reasonList.length === 0) {
      setError('Give at least one reason to reject.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await sendReviewDecision(
        api,
        item.id,
        decision === 'approve' ? { decision, action } : { decision, action, reasons: reasonList },
      );
      onDecided();
    } catch (err) {
      setError(formErrorText(toApiError(err)));
      setIsBusy(false);
    }
  };

  return (
    <Section aria-labelledby={`${id}-name`}>
      <SectionTitle id={`${id}-name`}>
        {item.name} <Muted>{item.title}</Muted>
      </SectionTitle>
      <Badges>
        <Badge>{item.visibility === 'hidden' ? 'Unlisted' : item.visibility}</Badge>
        {item.isNsfw && <Badge $tone="danger">NSFW</Badge>}
        {item.manualReviewRequested && <Badge>Creator asked for review</Badge>}
        {item.creatorUsername !== null && <Badge>@{item.creatorUsername}</Badge>}
      </Badges>
      {item.moderationReasons.length > 0 && (
        <div>
          <strong>Flagged for</strong>
          <ul>
            {item.moderationReasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <Definition>
        <summary>Definition</summary>
        <dl>
          <dt>Greeting</dt>
          <dd>{item.greeting}</dd>
          <dt>Personality</dt>
          <dd>{item.persona}</dd>
          <dt>Scenario</dt>
          <dd>{item.scenario}</dd>
          <dt>Example dialogues</dt>
          <dd>{item.dialogue}</dd>
          <dt>Tags</dt>
          <dd>{item.tags.join(', ')}</dd>
        </dl>
      </Definition>
      <Field>
        <Label htmlFor={`${id}-action`}>Action taken</Label>
        <TextArea
          id={`${id}-action`}
          rows={2}
          maxLength={300}
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
          }}
        />
      </Field>
      <Field>
        <Label htmlFor={`${id}-reasons`}>Reasons to reject (one per line)</Label>
        <Note>Shown to the creator under Action Required.</Note>
        <TextArea
          id={`${id}-reasons`}
          rows={2}
          value={reasons}
          onChange={(e) => {
            setReasons(e.target.value);
          }}
        />
      </Field>
      {error !== null && <ErrorText role="alert">{error}</ErrorText>}
      <Buttons>
        <Button $variant="danger" disabled={isBusy} onClick={() => void decide('reject')}>
          Reject
        </Button>
        <Button $variant="primary" disabled={isBusy} onClick={() => void decide('approve')}>
          Approve
        </Button>
      </Buttons>
    </Section>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Tab = styled.a`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.chip};
    color: ${({ theme }) => theme.color.onChip};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.regular};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Definition = styled.details`
  dl {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }

  dt {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
