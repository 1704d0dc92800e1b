/**
 * The admin report queue: open reports first (oldest first), then handled ones; each open report can be
 * resolved or dismissed, which the server audits. The page number lives in the URL.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { AdminReport } from '#shared/api/reports';
import { reportIssueLabels, reportResolutionLabels } from '#shared/rules/report';
import { Button, ButtonAnchor } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { decideReport, fetchReportQueue } from '../api';

const statusLabels: Record<AdminReport['status'], string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export function ReportQueue({ page }: { page: number }) {
  const { api } = useServices();
  const queue = useQuery(`report-queue:${page}`, (signal) => fetchReportQueue(api, page, signal));
  // Decisions made on this page, shown at once over the page as loaded.
  const [decided, setDecided] = useState<ReadonlyMap<string, AdminReport>>(new Map());

  if (queue.status === 'loading') return <Spinner label="Loading reports" />;
  if (queue.status === 'error') {
    return <ErrorState message={errorText(queue.error)} onRetry={queue.retry} />;
  }
  const { items, total, pageSize } = queue.data;
  if (items.length === 0) return <EmptyState title="No reports" />;
  const totalPages = Math.ceil(total / pageSize);
  return (
    <>
      <Count>
        {total} report{total === 1 ? '' : 's'}
      </Count>
      <List aria-label="Reports">
        {items.map((item) => {
          const report = decided.get(item.id) ?? item;
          return (
            <ReportRow
              key={report.id}
              report={report}
              onDecided={(next) => {
                setDecided((map) => new Map(map).set(next.id, next));
              }}
            />
          );
        })}
      </List>
      {totalPages > 1 && (
        <Pager aria-label="Pagination">
          {page > 1 && (
            <Link href={paths.adminReports.build(page - 1)} asChild>
              <ButtonAnchor $size="sm">Previous</ButtonAnchor>
            </Link>
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages && (
            <Link href={paths.adminReports.build(page + 1)} asChild>
              <ButtonAnchor $size="sm">Next</ButtonAnchor>
            </Link>
          )}
        </Pager>
      )}
    </>
  );
}

function ReportRow({
  report,
  onDecided,
}: {
  report: AdminReport;
  onDecided: (report: AdminReport) => void;
}) {
  const { api } = useServices();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (status: 'resolved' | 'dismissed') => {
    setIsBusy(true);
    setError(null);
    try {
      onDecided(await decideReport(api, report.id, status));
    } catch (err) {
      setError(errorText(toApiError(err)));
    } finally {
      setIsBusy(false);
    }
  };
  const title = report.characterName ?? 'Deleted chatbot';
  return (
    <Row aria-label={`Report about ${title}`}>
      <Head>
        {report.characterName !== null ? (
          <Link href={paths.chatbot.build(report.characterId)} asChild>
            <Name>{title}</Name>
          </Link>
        ) : (
          <Name as="span">{title}</Name>
        )}
        <Status $isOpen={report.status === 'open'}>{statusLabels[report.status]}</Status>
      </Head>
      <Facts>
        <div>
          <dt>Issue</dt>
          <dd>{reportIssueLabels[report.issueType]}</dd>
        </div>
        <div>
          <dt>Wants</dt>
          <dd>{reportResolutionLabels[report.expectedResolution]}</dd>
        </div>
        <div>
          <dt>Creator</dt>
          <dd>{report.creatorUsername === null ? '—' : `@${report.creatorUsername}`}</dd>
        </div>
        <div>
          <dt>Reporter</dt>
          <dd>{report.reporterUsername === null ? '—' : `@${report.reporterUsername}`}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{new Date(report.createdAt).toLocaleString()}</dd>
        </div>
      </Facts>
      <Details>{report.details}</Details>
      {report.status === 'open' && (
        <Buttons>
          <Button
            $size="sm"
            $variant="primary"
            disabled={isBusy}
            onClick={() => {
              void decide('resolved');
            }}
          >
            Resolve
          </Button>
          <Button
            $size="sm"
            disabled={isBusy}
            onClick={() => {
              void decide('dismissed');
            }}
          >
            Dismiss
          </Button>
        </Buttons>
      )}
      {error !== null && <ErrorLine role="alert">{error}</ErrorLine>}
    </Row>
  );
}

const Count = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Name = styled.a`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Status = styled.span<{ $isOpen: boolean }>`
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $isOpen, theme }) => ($isOpen ? theme.color.dangerSurface : theme.color.chip)};
  color: ${({ $isOpen, theme }) => ($isOpen ? theme.color.danger : theme.color.onChip)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
  }
`;

const Details = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const ErrorLine = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;
