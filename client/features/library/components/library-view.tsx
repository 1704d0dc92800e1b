import type { ReactNode } from 'react';
import type { CharacterSummary } from '#shared/schemas/character';
import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths';
import { ButtonAnchor } from '../../../components/button';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { libraryPageSize } from '../api';
import { useCharacterPage } from '../hooks/use-character-page';
import { CharacterGrid, CharacterGridSkeleton } from './character-grid';
import { Pagination } from './pagination';

/**
 * The home library: one page of character cards with pagination, loading, empty and error states.
 * `notice` is shown under the heading (the page composes the waiting-queue banner there).
 */
export function LibraryView({
  page,
  notice,
  cardActions,
  isHidden,
}: {
  page: number;
  notice?: ReactNode;
  /** Each card's actions, composed by the page (the card menu). */
  cardActions?: (character: CharacterSummary) => ReactNode;
  /** Cards taken out of view since the page loaded (deleted, less liked, creator blocked). */
  isHidden?: (character: CharacterSummary) => boolean;
}) {
  const result = useCharacterPage(page);
  return (
    <section aria-labelledby="library-heading">
      <Heading id="library-heading">Discover characters</Heading>
      {notice}
      {result.status === 'loading' && <CharacterGridSkeleton count={libraryPageSize} />}
      {result.status === 'error' && (
        <ErrorState message={errorText(result.error)} onRetry={result.retry} />
      )}
      {result.status === 'success' &&
        (result.data.items.length === 0 ? (
          <EmptyState>
            {page > 1 && (
              <Link href={paths.home.build()} asChild>
                <ButtonAnchor>Go to the first page</ButtonAnchor>
              </Link>
            )}
          </EmptyState>
        ) : (
          <>
            <Count>
              {result.data.total} {result.data.total === 1 ? 'chatbot' : 'chatbots'}
            </Count>
            <CharacterGrid
              characters={result.data.items}
              cardActions={cardActions}
              isHidden={isHidden}
            />
            <Pagination
              page={page}
              totalPages={Math.ceil(result.data.total / result.data.pageSize)}
            />
          </>
        ))}
    </section>
  );
}

const Heading = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Count = styled.p`
  margin-bottom: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
