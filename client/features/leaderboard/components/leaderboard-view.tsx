/**
 * The creators leaderboard's content (product-rules.md §2 /creators/leaderboard): tabs, the month
 * dropdown, the podium of the top 3, the ranked table and the prize section. The page owns the URL
 * (type, date, page) and hands the loaded page in; loading, empty and error states are drawn here too.
 */
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { LeaderboardEntry, LeaderboardPage } from '#shared/api/leaderboard';
import {
  formatScore,
  leaderboardTypeLabels,
  leaderboardTypes,
  monthLabel,
  movementOf,
  movementText,
  starsOf,
  type LeaderboardType,
} from '#shared/rules/leaderboard';
import { Avatar } from '../../../components/avatar';
import { Select } from '../../../components/form-controls';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { Tabs, tabPanelProps } from '../../../components/tabs';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { paths } from '../../../lib/paths';

const idBase = 'leaderboard';

export type BoardState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'success'; data: LeaderboardPage };

interface LeaderboardViewProps {
  type: LeaderboardType;
  /** The month in the URL, or undefined for the newest. */
  date: string | undefined;
  board: BoardState;
  onTypeChange: (type: LeaderboardType) => void;
  /** A month was chosen; undefined is the first option (the newest), which removes `date`. */
  onMonthChange: (month: string | undefined) => void;
  /** The address of a page of the current board. */
  hrefOfPage: (page: number) => string;
}

export function LeaderboardView(props: LeaderboardViewProps) {
  const { type } = props;
  return (
    <>
      <Controls>
        <Tabs
          label="Leaderboard category"
          idBase={idBase}
          options={leaderboardTypes.map((value) => ({
            value,
            label: leaderboardTypeLabels[value],
          }))}
          value={type}
          onChange={props.onTypeChange}
        />
        <MonthPicker {...props} />
      </Controls>
      <Panel {...tabPanelProps(idBase, type)}>
        <Board {...props} />
      </Panel>
      <Prizes />
    </>
  );
}

function MonthPicker({ date, board, onMonthChange }: LeaderboardViewProps) {
  const months = board.status === 'success' ? board.data.months : [];
  const newest = months[0]?.month;
  // The first option is the newest month and stands for no `date`.
  const value = date === undefined || date === newest ? '' : date;
  return (
    <MonthField>
      <MonthLabel htmlFor="leaderboard-month">Month</MonthLabel>
      <Select
        id="leaderboard-month"
        value={value}
        disabled={months.length === 0}
        onChange={(e) => {
          onMonthChange(e.target.value === '' ? undefined : e.target.value);
        }}
      >
        {months.length === 0 && <option value="">No months yet</option>}
        {months.map((m, i) => (
          <option key={m.month} value={i === 0 ? '' : m.month}>
            {monthLabel(m.month)}
            {m.status === 'pending' ? ' (pending)' : ''}
          </option>
        ))}
        {date !== undefined && !months.some((m) => m.month === date) && (
          <option value={date}>{monthLabel(date)}</option>
        )}
      </Select>
    </MonthField>
  );
}

function Board({ board, hrefOfPage }: LeaderboardViewProps) {
  if (board.status === 'loading') return <BoardSkeleton />;
  if (board.status === 'error') return <ErrorState message={board.message} onRetry={board.retry} />;
  const { items, page, pageSize, total } = board.data;
  if (items.length === 0) {
    return (
      <EmptyState title="No creators ranked yet">
        <Muted>The leaderboard for this month has not been published yet.</Muted>
      </EmptyState>
    );
  }
  const podium = page === 1 ? items.slice(0, 3) : [];
  const totalPages = Math.ceil(total / pageSize);
  return (
    <>
      {podium.length > 0 && <Podium entries={podium} />}
      <TableScroll role="region" aria-label="Ranked creators" tabIndex={0}>
        <Table>
          <VisuallyHiddenCaption>
            {leaderboardTypeLabels[board.data.type]} leaderboard
            {board.data.month === null ? '' : `, ${monthLabel(board.data.month)}`}
          </VisuallyHiddenCaption>
          <thead>
            <tr>
              <Th scope="col">Rank</Th>
              <Th scope="col">Creator</Th>
              <Th scope="col" $numeric>
                Num Bots
              </Th>
              <Th scope="col" $numeric>
                Score
              </Th>
              <Th scope="col" $numeric>
                M/M Rank
              </Th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <Row key={entry.rank} entry={entry} />
            ))}
          </tbody>
        </Table>
      </TableScroll>
      {totalPages > 1 && (
        <Pager aria-label="Pagination">
          {page > 1 ? (
            <Link href={hrefOfPage(page - 1)}>Previous</Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Link href={hrefOfPage(page + 1)}>Next</Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </Pager>
      )}
    </>
  );
}

function Stars({ rank }: { rank: number }) {
  const count = starsOf(rank);
  if (count === 0) return null;
  return (
    <StarMark role="img" aria-label={count === 2 ? 'Two stars' : 'One star'}>
      {'★'.repeat(count)}
    </StarMark>
  );
}

function CreatorLink({ entry, children }: { entry: LeaderboardEntry; children: ReactNode }) {
  return (
    <Link href={paths.creator.build(entry.creatorUsername)} asChild>
      <CreatorAnchor>{children}</CreatorAnchor>
    </Link>
  );
}

function Row({ entry }: { entry: LeaderboardEntry }) {
  const movement = movementText(movementOf(entry.rank, entry.previousRank));
  return (
    <tr>
      <Td>
        <RankCell>
          <strong>{entry.rank}</strong>
          <Stars rank={entry.rank} />
        </RankCell>
      </Td>
      <Td>
        <CreatorLink entry={entry}>
          <RowAvatar>
            <Avatar src={entry.avatarUrl} name={entry.creatorUsername} size="sm" alt="" />
          </RowAvatar>
          <Name>{entry.creatorUsername}</Name>
        </CreatorLink>
      </Td>
      <Td $numeric>{entry.numberOfCharacters}</Td>
      <Td $numeric>{formatScore(entry.score)}</Td>
      <Td $numeric>
        <Movement
          $kind={movementOf(entry.rank, entry.previousRank).kind}
          aria-label={movement.label}
        >
          {movement.text}
        </Movement>
      </Td>
    </tr>
  );
}

const places = ['First place', 'Second place', 'Third place'];

function Podium({ entries }: { entries: readonly LeaderboardEntry[] }) {
  return (
    <PodiumList aria-label="Top 3">
      {entries.map((entry) => (
        <PodiumItem key={entry.rank} $rank={entry.rank}>
          <Place aria-hidden="true">{entry.rank}</Place>
          <VisuallyHidden>{places[entry.rank - 1]}: </VisuallyHidden>
          <CreatorLink entry={entry}>
            <Avatar src={entry.avatarUrl} name={entry.creatorUsername} size="lg" alt="" />
            <PodiumName>{entry.creatorUsername}</PodiumName>
          </CreatorLink>
          <PodiumScore>
            {formatScore(entry.score)} <VisuallyHidden>points, </VisuallyHidden>
            <Muted as="span">
              {entry.numberOfCharacters} {entry.numberOfCharacters === 1 ? 'bot' : 'bots'}
            </Muted>
          </PodiumScore>
          <Stars rank={entry.rank} />
        </PodiumItem>
      ))}
    </PodiumList>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" aria-label="Loading the leaderboard">
      <SkeletonRows>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} $height="40px" />
        ))}
      </SkeletonRows>
    </div>
  );
}

function Prizes() {
  return (
    <PrizeSection aria-labelledby="leaderboard-prizes">
      <PrizeTitle id="leaderboard-prizes">Prizes</PrizeTitle>
      <p>Each month the top 25 creators of each category are ranked by their bots&apos; score.</p>
      <PrizeList>
        <li>
          <StarMark aria-hidden="true">★★</StarMark> The top 3 win a free month of a top tier.
        </li>
        <li>
          <StarMark aria-hidden="true">★</StarMark> The next 7 win a free month of a lower tier.
        </li>
        <li>One prize per user per month.</li>
      </PrizeList>
    </PrizeSection>
  );
}

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const MonthField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 200px;

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    width: 100%;
  }
`;

const MonthLabel = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Panel = styled.div`
  &:focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const PodiumList = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.xl};
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    gap: ${({ theme }) => theme.space.md};
  }
`;

/** Second, first, third from left to right, the first raised; the list keeps rank order for readers. */
const PodiumItem = styled.li<{ $rank: number }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  order: ${({ $rank }) => ($rank === 1 ? 2 : $rank === 2 ? 1 : 3)};
  padding: ${({ $rank, theme }) => ($rank === 1 ? theme.space.xxxl : theme.space.xl)}
    ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: ${({ $rank }) => ($rank === 1 ? '2px' : '1px')} solid
    ${({ $rank, theme }) => ($rank === 1 ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  text-align: center;

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ $rank, theme }) => ($rank === 1 ? theme.space.xxxl : theme.space.xl)}
      ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  }
`;

const Place = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.space.xs};
  left: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.color.onChip};
`;

const PodiumName = styled.span`
  max-width: 100%;
  font-size: ${({ theme }) => theme.font.size.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    font-size: ${({ theme }) => theme.font.size.md};
  }

  overflow: hidden;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const PodiumScore = styled.p`
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    display: block;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const CreatorAnchor = styled.a`
  display: inline-flex;
  flex-direction: inherit;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 100%;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  li & {
    flex-direction: column;
  }

  &:hover span,
  &:focus-visible span {
    text-decoration: underline;
  }

  &:focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const TableScroll = styled.div`
  overflow-x: auto;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  &:focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const VisuallyHiddenCaption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const cellPadding = css`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  }
`;

const Th = styled.th<{ $numeric?: boolean }>`
  ${cellPadding}
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: ${({ $numeric }) => ($numeric === true ? 'right' : 'left')};
  text-transform: uppercase;

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    white-space: nowrap;
  }
`;

const Td = styled.td<{ $numeric?: boolean }>`
  ${cellPadding}
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  text-align: ${({ $numeric }) => ($numeric === true ? 'right' : 'left')};
  white-space: nowrap;

  tr:last-child & {
    border-bottom: none;
  }
`;

const RankCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The table's avatars only where there is room for them. */
const RowAvatar = styled.span`
  display: none;

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    display: inline-flex;
  }
`;

const Name = styled.span`
  display: inline-block;
  max-width: 13ch;
  overflow: hidden;
  text-overflow: ellipsis;
  vertical-align: middle;

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    max-width: 28ch;
  }
`;

const StarMark = styled.span`
  color: ${({ theme }) => theme.color.primary};
  letter-spacing: 1px;
`;

const Movement = styled.span<{ $kind: 'up' | 'down' | 'same' | 'new' }>`
  color: ${({ $kind, theme }) =>
    $kind === 'down'
      ? theme.color.danger
      : $kind === 'up'
        ? theme.color.primary
        : theme.color.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Pager = styled.nav`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const SkeletonRows = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const PrizeSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const PrizeTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const PrizeList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
`;
