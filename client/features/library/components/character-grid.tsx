import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CharacterSummary } from '#shared/schemas/character';
import { Skeleton } from '../../../components/skeleton';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { CharacterCard } from './character-card';

interface CharacterGridProps {
  characters: readonly CharacterSummary[];
  /** Each card's actions menu (the page fills it); none when absent. */
  actionsOf?: (character: CharacterSummary) => ReactNode;
  /** Cards taken out of view since the page loaded (deleted, less liked, creator blocked). */
  isHidden?: (character: CharacterSummary) => boolean;
  isNsfwBlurred?: boolean;
  label?: string;
}

export function CharacterGrid({
  characters,
  actionsOf,
  isHidden,
  isNsfwBlurred = false,
  label = 'Characters',
}: CharacterGridProps) {
  return (
    <Grid aria-label={label}>
      {characters
        .filter((character) => isHidden?.(character) !== true)
        .map((character) => (
          <li key={character.id}>
            <CharacterCard
              character={character}
              actions={actionsOf?.(character)}
              isNsfwBlurred={isNsfwBlurred}
            />
          </li>
        ))}
    </Grid>
  );
}

/** Card-shaped placeholders while a page loads. */
export function CharacterGridSkeleton({ count }: { count: number }) {
  return (
    <>
      <VisuallyHidden role="status">Loading characters</VisuallyHidden>
      <Grid aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <SkeletonCard>
              <PictureSkeleton />
              <SkeletonBody>
                <Skeleton $width="70%" />
                <Skeleton />
                <Skeleton $width="50%" />
              </SkeletonBody>
            </SkeletonCard>
          </li>
        ))}
      </Grid>
    </>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(${({ theme }) => theme.size.cardMinWidthCompact}, 1fr)
  );
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  /* A card never widens its column past the screen, whatever its words or tags. */
  > li {
    display: flex;
    min-width: 0;
  }

  > li > * {
    flex: 1;
    min-width: 0;
  }

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: repeat(
      auto-fill,
      minmax(${({ theme }) => theme.size.cardMinWidth}, 1fr)
    );
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const SkeletonCard = styled.div`
  overflow: hidden;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const PictureSkeleton = styled(Skeleton)`
  height: auto;
  aspect-ratio: 1;
  border-radius: 0;
`;

const SkeletonBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
`;
