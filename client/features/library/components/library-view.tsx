/**
 * A listing screen (product-core.md "Listing screens"): search box, filter button with its badge and
 * drawer, NSFW toggle, sort, count line, grid, pagination, loading skeletons, the empty and error
 * states. Search, filters, sort and page live in the address (filters.ts), so links and the back button
 * restore the listing. The page chooses the scope and fills each card's actions.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import type { LibraryScope } from '#shared/api/library';
import { librarySortLabels, librarySorts, type LibrarySort } from '#shared/rules/library';
import type { CharacterSummary } from '#shared/schemas/character';
import { Button, ButtonAnchor } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { Input, Label, Select } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { visuallyHidden } from '../../../components/visually-hidden';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { readStored, writeStored } from '../../../lib/browser-storage';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { libraryPageSize } from '../api';
import {
  activeFilterCount,
  emptyFilters,
  isPlainFirstPage,
  parseFilters,
  serialiseFilters,
  withChange,
  type LibraryFilters,
} from '../filters';
import { useLibraryPage } from '../hooks/use-library-page';
import { useNsfwChoice, type NsfwRefusal } from '../hooks/use-nsfw-choice';
import { CharacterGrid, CharacterGridSkeleton } from './character-grid';
import { FilterDrawer } from './filter-drawer';
import { Pagination } from './pagination';

/** A filter change this recent keeps the home's recommendations out (the member is searching). */
const recentChangeMs = 10 * 60 * 1000;

/** Storage unavailable: recommendations then show on every plain first page. */
function rememberChange(): void {
  writeStored('libraryFiltersChangedAt', Date.now());
}

function changedRecently(): boolean {
  return Date.now() - (readStored('libraryFiltersChangedAt', z.number()) ?? 0) < recentChangeMs;
}

export interface LibraryViewProps {
  heading: string;
  scope: LibraryScope;
  /** The creator's username, with scope creator. */
  creator?: string;
  /** Under the heading (the home's waiting-queue banner). */
  notice?: ReactNode;
  /** Put the member's recommendations before a plain first page (the signed-in home). */
  withRecommendations?: boolean;
  /** What an empty first page without search or filters shows (favorites invite browsing). */
  empty?: ReactNode;
  /** Each card's actions menu; none when absent. */
  actionsOf?: (character: CharacterSummary) => ReactNode;
  /** Cards taken out of view since the page loaded (deleted, less liked, creator blocked). */
  isHidden?: (character: CharacterSummary) => boolean;
  /** A guest asked to turn NSFW on and chose to sign up. */
  onSignInRequested: () => void;
  /** Rendered instead of the view when the creator named is nobody (user_not_found). */
  creatorNotFound?: ReactNode;
}

export function LibraryView(props: LibraryViewProps) {
  const [location, navigate] = useLocation();
  const filters = parseFilters(useSearch());
  const session = useSession();
  const isSignedIn = session.status === 'member';
  const nsfw = useNsfwChoice();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [refusal, setRefusal] = useState<NsfwRefusal | null>(null);
  const result = useLibraryPage(filters, props.scope, nsfw.isOn, {
    ...(props.creator === undefined ? {} : { creator: props.creator }),
  });
  // The page is asked as a guest's while the session is restored (useLibraryPage); a member's page
  // then replaces it and their recommendations come in above it. Cards show once the session is
  // known, so nothing moves under the pointer after they appear.
  const page =
    session.status === 'restoring' ? { status: 'loading' as const, retry: result.retry } : result;

  const hrefOf = (next: LibraryFilters) => {
    const search = serialiseFilters(next);
    return search === '' ? location : `${location}?${search}`;
  };
  const change = (next: Partial<LibraryFilters>) => {
    rememberChange();
    navigate(hrefOf(withChange(filters, next)));
  };
  if (result.status === 'error' && result.error.code === 'user_not_found') {
    return props.creatorNotFound ?? null;
  }
  const badge = activeFilterCount(filters);
  const showRecommendations =
    props.withRecommendations === true &&
    isSignedIn &&
    isPlainFirstPage(filters) &&
    !changedRecently();

  return (
    <section aria-labelledby="library-heading">
      <Heading id="library-heading">{props.heading}</Heading>
      {props.notice}
      <Toolbar>
        <SearchForm
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const q = data.get('q');
            change({ q: typeof q === 'string' ? q : '' });
          }}
        >
          <HiddenLabel htmlFor="library-search">Search chatbots</HiddenLabel>
          <Input
            id="library-search"
            key={filters.q}
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            placeholder="Search chatbots or @creator"
          />
          <SearchButton type="submit" $variant="primary">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="M16 16l4.5 4.5"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <SearchWord>Search</SearchWord>
          </SearchButton>
        </SearchForm>
        <Controls>
          <Button
            onClick={() => {
              setIsDrawerOpen(true);
            }}
            aria-label={badge > 0 ? `Filters, ${String(badge)} active` : 'Filters'}
          >
            Filters
            {badge > 0 && <Badge aria-hidden="true">{badge}</Badge>}
          </Button>
          <SortField>
            <Label htmlFor="library-sort">Sort by</Label>
            <Select
              id="library-sort"
              value={filters.sort}
              onChange={(event) => {
                const sort = librarySorts.find((s) => s === event.target.value);
                if (sort !== undefined) change({ sort: sort satisfies LibrarySort });
              }}
            >
              {librarySorts.map((sort) => (
                <option key={sort} value={sort}>
                  {librarySortLabels[sort]}
                </option>
              ))}
            </Select>
          </SortField>
          <NsfwField>
            <CheckboxField
              label="NSFW"
              isSwitch
              checked={nsfw.isOn}
              onChange={(on) => {
                void nsfw.set(on).then(setRefusal, () => {
                  setRefusal('nsfw_disabled');
                });
              }}
            />
          </NsfwField>
        </Controls>
      </Toolbar>

      {showRecommendations && (
        <Recommendations
          nsfw={nsfw.isOn}
          isSignedIn={isSignedIn}
          actionsOf={props.actionsOf}
          isHidden={props.isHidden}
        />
      )}

      {page.status === 'loading' && <CharacterGridSkeleton count={libraryPageSize} />}
      {page.status === 'error' && (
        <ErrorState message={errorText(page.error)} onRetry={page.retry} />
      )}
      {page.status === 'success' && page.data.hiddenByBlocks > 0 && (
        <BlockedNote role="note">
          {blockedNoteText(page.data.hiddenByBlocks)}{' '}
          <Link href={paths.blockedCreators.build()}>Blocked Creators</Link>
        </BlockedNote>
      )}
      {page.status === 'success' &&
        (page.data.items.length === 0 ? (
          isPlainFirstPage(filters) && props.empty !== undefined ? (
            props.empty
          ) : (
            <EmptyState>
              {(filters.page > 1 || !isPlainFirstPage(filters)) && (
                <Link href={hrefOf(emptyFilters)} asChild>
                  <ButtonAnchor>Clear search and filters</ButtonAnchor>
                </Link>
              )}
            </EmptyState>
          )
        ) : (
          <>
            <Count role="status">
              {page.data.total.toLocaleString('en-US')}
              {page.data.totalIsCapped ? '+' : ''} {page.data.total === 1 ? 'chatbot' : 'chatbots'}
            </Count>
            <CharacterGrid
              characters={page.data.items}
              actionsOf={props.actionsOf}
              isHidden={props.isHidden}
              isNsfwBlurred={!isSignedIn}
            />
            <Pagination
              page={filters.page}
              totalPages={Math.ceil(page.data.total / page.data.pageSize)}
              hrefOf={(page) => hrefOf({ ...filters, page })}
            />
          </>
        ))}

      {isDrawerOpen && (
        <FilterDrawer
          initial={filters}
          isNsfwShown={nsfw.isOn}
          onClose={() => {
            setIsDrawerOpen(false);
          }}
          onApply={(chosen) => {
            setIsDrawerOpen(false);
            change(chosen);
          }}
        />
      )}
      {refusal !== null && (
        <NsfwRefusalDialog
          refusal={refusal}
          onClose={() => {
            setRefusal(null);
          }}
          onSignIn={() => {
            setRefusal(null);
            props.onSignInRequested();
          }}
        />
      )}
    </section>
  );
}

/** Why results are missing when the member's blocks left some out (issue 28, item 4). */
function blockedNoteText(hidden: number): string {
  return hidden === 1
    ? '1 result is hidden because you blocked its creator.'
    : `${hidden.toLocaleString('en-US')} results are hidden because you blocked their creators.`;
}

/** How many recommendations the home shows. */
const recommendedCount = 6;

/** The member's recommendations before the home's first page (product-core.md §4). */
function Recommendations(props: {
  nsfw: boolean;
  isSignedIn: boolean;
  actionsOf: LibraryViewProps['actionsOf'];
  isHidden: LibraryViewProps['isHidden'];
}) {
  const result = useLibraryPage(emptyFilters, 'recommended', props.nsfw, {
    pageSize: recommendedCount,
  });
  if (result.status === 'error') return null;
  if (result.status === 'success' && result.data.items.length === 0) return null;
  // While they load, their place is kept, so the page below does not jump when they arrive.
  return (
    <RecommendedSection aria-labelledby="recommended-heading">
      <SubHeading id="recommended-heading">Recommended for you</SubHeading>
      {result.status === 'success' ? (
        <CharacterGrid
          label="Recommended chatbots"
          characters={result.data.items}
          actionsOf={props.actionsOf}
          isHidden={props.isHidden}
          isNsfwBlurred={!props.isSignedIn}
        />
      ) : (
        <CharacterGridSkeleton count={recommendedCount} />
      )}
      <Link href={paths.recommendedBots.build()} asChild>
        <MoreLink>See all recommendations</MoreLink>
      </Link>
    </RecommendedSection>
  );
}

/** Why NSFW stays off: the unlock prompt for guests, the profile setting, or age verification. */
function NsfwRefusalDialog(props: {
  refusal: NsfwRefusal;
  onClose: () => void;
  onSignIn: () => void;
}) {
  switch (props.refusal) {
    case 'guest':
      return (
        <Modal
          title="Unlock NSFW Chatbots"
          onClose={props.onClose}
          actions={
            <>
              <Button onClick={props.onClose}>Not now</Button>
              <Button $variant="primary" onClick={props.onSignIn}>
                Create Free Account
              </Button>
            </>
          }
        >
          <p>Sign in or create a free account (only an email is required) to see NSFW chatbots.</p>
        </Modal>
      );
    case 'nsfw_disabled':
      return (
        <Modal
          title="Turn On NSFW"
          onClose={props.onClose}
          actions={
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Link href={paths.profile.build()} asChild>
                <ButtonAnchor $variant="primary">Go to Profile</ButtonAnchor>
              </Link>
            </>
          }
        >
          <p>Turn on NSFW in your profile settings to see NSFW chatbots.</p>
        </Modal>
      );
    case 'age_verification':
      return (
        <Modal
          title="Age verification required"
          onClose={props.onClose}
          actions={
            <>
              <Button onClick={props.onClose}>Get verified later</Button>
              <Link href={paths.ageVerification.build()} asChild>
                <ButtonAnchor $variant="primary">Get verified now</ButtonAnchor>
              </Link>
            </>
          }
        >
          <p>{errorText({ code: 'age_verification_required' })}</p>
        </Modal>
      );
  }
}

const Heading = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const SubHeading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.xl};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0;
`;

const SearchForm = styled.form`
  display: flex;
  flex: 1 1 320px;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * On a narrow screen Search is its magnifier alone (the word stays for screen readers), so the box
 * keeps the room for its whole placeholder (issue 28 §11).
 */
const SearchButton = styled(Button)`
  flex-shrink: 0;

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: 0 ${({ theme }) => theme.space.md};
  }
`;

const SearchWord = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    ${visuallyHidden}
  }
`;

const HiddenLabel = styled.label`
  ${visuallyHidden}
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const SortField = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  label {
    white-space: nowrap;
  }
`;

const NsfwField = styled.div`
  display: flex;
  align-items: center;
`;

const Badge = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 1.4em;
  height: 1.4em;
  margin-left: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Count = styled.p`
  margin-bottom: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const RecommendedSection = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xxl};
`;

const MoreLink = styled.a`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const BlockedNote = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};

  a {
    color: ${({ theme }) => theme.color.primary};
    text-decoration: underline;
  }
`;
