/**
 * Admin: the creators leaderboard's months. A pending month (computed by the monthly job, hidden from
 * everyone else) is looked over in both categories and approved, which shows it to everyone and grants
 * its prizes; any month can be computed again (a pending one's table is replaced).
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { LeaderboardPage } from '#shared/api/leaderboard';
import {
  formatScore,
  leaderboardTypeLabels,
  monthLabel,
  type LeaderboardType,
} from '#shared/rules/leaderboard';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { approveMonth, loadAdminLeaderboard, recomputeMonth } from '../leaderboard-api';
import {
  Badge,
  ErrorText,
  Field,
  Label,
  Section,
  SectionTitle,
  Select,
  SuccessText,
} from './admin-styles';

export function LeaderboardReview({
  date,
  onMonthChange,
}: {
  date: string | undefined;
  onMonthChange: (month: string) => void;
}) {
  const { api } = useServices();
  const [type, setType] = useState<LeaderboardType>('new');
  const [version, setVersion] = useState(0);
  const board = useQuery(`admin-leaderboard:${date ?? ''}:${type}:${String(version)}`, (signal) =>
    loadAdminLeaderboard(api, { date, type }, signal),
  );
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState('');

  if (board.status === 'loading') return <Spinner label="Loading the leaderboard" />;
  if (board.status === 'error') {
    return <ErrorState message={errorText(board.error)} onRetry={board.retry} />;
  }
  const page: LeaderboardPage = board.data;
  const shown = page.months.find((m) => m.month === page.month);
  if (page.months.length === 0 || page.month === null) {
    return <EmptyState title="No months computed yet" />;
  }
  const month = page.month;

  const act = async (what: 'approve' | 'compute') => {
    setBusy(true);
    setNote('');
    setFailure('');
    try {
      if (what === 'approve') {
        await approveMonth(api, month);
        setNote(`${monthLabel(month)} is approved; its prizes are being granted.`);
      } else {
        await recomputeMonth(api, month);
        setNote(`${monthLabel(month)} is being computed again.`);
      }
      setVersion((v) => v + 1);
    } catch (err) {
      setFailure(errorText(toApiError(err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section aria-labelledby="leaderboard-review-title">
      <SectionTitle id="leaderboard-review-title">
        {monthLabel(month)}{' '}
        <Badge $tone={shown?.status === 'pending' ? 'danger' : 'neutral'}>
          {shown?.status === 'pending' ? 'Pending' : 'Approved'}
        </Badge>
      </SectionTitle>
      <Row>
        <Field>
          <Label htmlFor="admin-leaderboard-month">Month</Label>
          <Select
            id="admin-leaderboard-month"
            value={month}
            onChange={(e) => {
              onMonthChange(e.target.value);
            }}
          >
            {page.months.map((m) => (
              <option key={m.month} value={m.month}>
                {monthLabel(m.month)} ({m.status})
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="admin-leaderboard-type">Category</Label>
          <Select
            id="admin-leaderboard-type"
            value={type}
            onChange={(e) => {
              setType(e.target.value === 'all' ? 'all' : 'new');
            }}
          >
            <option value="new">{leaderboardTypeLabels.new}</option>
            <option value="all">{leaderboardTypeLabels.all}</option>
          </Select>
        </Field>
      </Row>
      {page.items.length === 0 ? (
        <p>No creators ranked in this category.</p>
      ) : (
        <Scroll role="region" aria-label="Ranked creators" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Creator</th>
                <th scope="col">Num Bots</th>
                <th scope="col">Score</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((e) => (
                <tr key={e.rank}>
                  <td>{e.rank}</td>
                  <td>{e.creatorUsername}</td>
                  <td>{e.numberOfCharacters}</td>
                  <td>{formatScore(e.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      <Row>
        {shown?.status === 'pending' && (
          <Button $variant="primary" disabled={busy} onClick={() => void act('approve')}>
            Approve {monthLabel(month)}
          </Button>
        )}
        <Button $variant="secondary" disabled={busy} onClick={() => void act('compute')}>
          Compute again
        </Button>
      </Row>
      <SuccessText role="status">{note}</SuccessText>
      {failure !== '' && <ErrorText role="alert">{failure}</ErrorText>}
    </Section>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const Scroll = styled.div`
  overflow-x: auto;

  table {
    width: 100%;
    border-collapse: collapse;
  }

  th,
  td {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
    text-align: left;
  }
`;
