/**
 * /creators/leaderboard (product-rules.md §2): the creators leaderboard behind the `leaderboard` flag
 * (one brand only: an application switches it off). The URL holds the category (`type`), the month
 * (`date`; the dropdown's first option removes it) and the page.
 */
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { LeaderboardQuerySchema } from '#shared/api/leaderboard';
import {
  LeaderboardView,
  type BoardState,
} from '../../features/leaderboard/components/leaderboard-view';
import { loadLeaderboard } from '../../features/leaderboard/api';
import { errorText } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useServices } from '../../lib/services';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { FlagGate } from '../feature-flags';
import { Page } from '../layouts/page';

function queryOf(search: string) {
  const params = new URLSearchParams(search);
  const parsed = LeaderboardQuerySchema.safeParse({
    type: params.get('type') ?? undefined,
    date: params.get('date') ?? undefined,
    page: params.get('page') ?? undefined,
  });
  return parsed.success ? parsed.data : LeaderboardQuerySchema.parse({});
}

function Leaderboard() {
  useDocumentTitle('Creators Leaderboard');
  const { api } = useServices();
  const [, navigate] = useLocation();
  const query = queryOf(useSearch());
  const key = `leaderboard:${query.type}:${query.date ?? ''}:${String(query.page)}`;
  const loaded = useQuery(key, (signal) => loadLeaderboard(api, query, signal));
  const board: BoardState =
    loaded.status === 'error'
      ? { status: 'error', message: errorText(loaded.error), retry: loaded.retry }
      : loaded;
  return (
    <Page>
      <Title>Creators Leaderboard</Title>
      <LeaderboardView
        type={query.type}
        date={query.date}
        board={board}
        onTypeChange={(type) => {
          navigate(paths.creatorsLeaderboard.build({ type, date: query.date }));
        }}
        onMonthChange={(date) => {
          navigate(paths.creatorsLeaderboard.build({ type: query.type, date }));
        }}
        hrefOfPage={(page) =>
          paths.creatorsLeaderboard.build({ type: query.type, date: query.date, page })
        }
      />
    </Page>
  );
}

export function LeaderboardPage() {
  return (
    <FlagGate flag="leaderboard">
      <Leaderboard />
    </FlagGate>
  );
}

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
