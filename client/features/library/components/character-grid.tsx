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

/**
 * Card-shaped placeholders while a page loads, each part the height of the card's own (name, two
 * lines of title, a row of tag chips, the message count; on a narrow screen, where cards are narrow,
 * three lines of title and two rows of chips), so the grid does not jump when the cards arrive
 * (issue 28 §14).
 */
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
                <Skeleton $width="70%" $height="1.25rem" />
                <TitleLines>
                  <Skeleton $height="0.875rem" />
                  <Skeleton $width="80%" $height="0.875rem" />
                  <NarrowOnly $width="60%" $height="0.875rem" />
                </TitleLines>
                <ChipRow>
                  <ChipSkeleton $width="3.5rem" />
                  <ChipSkeleton $width="4.5rem" />
                  <ChipSkeleton $width="3rem" />
                </ChipRow>
                <NarrowChipRow>
                  <ChipSkeleton $width="4rem" />
                </NarrowChipRow>
                <MetaSkeleton $width="40%" $height="0.75rem" />
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

/** Two lines of the title: each line's box is its text's height at the tight line height. */
const TitleLines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const ChipRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

/** A tag chip: small text at the normal line height, with its padding. */
const ChipSkeleton = styled(Skeleton)`
  height: calc(
    ${({ theme }) => theme.font.size.xs} * ${({ theme }) => theme.font.lineHeight.normal} + 2 *
      ${({ theme }) => theme.space.xxs}
  );
  border-radius: ${({ theme }) => theme.radius.pill};
`;

/** A narrow card's title takes a third line and its tags a second row. */
const NarrowOnly = styled(Skeleton)`
  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    display: none;
  }
`;

const NarrowChipRow = styled(ChipRow)`
  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    display: none;
  }
`;

/** The message count: small text, its line's height, at the card's foot. */
const MetaSkeleton = styled(Skeleton)`
  margin: ${({ theme }) => theme.space.xs} 0;
`;
