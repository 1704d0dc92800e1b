/**
 * The frame of a member's own lists (product-core.md §2 "My Chatbots"; product-rules.md
 * "/my-chatbots/groupchats", "/my-chatbots/lorebooks" and the drafts lists): a heading with its create
 * link, the local search with its dropdowns, a drafts card and a grid of cards, each opening its item
 * with its actions beside it. Each page keeps its own texts, what it lists and what its actions do.
 */
import { useId, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import {
  ownedListFilters,
  type characterLabel,
  type OwnedListFilter,
} from '#shared/rules/moderation';
import type { Removal } from '../lib/use-removal';
import { Avatar } from './avatar';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Input, Select } from './form-controls';

/** The page's heading and, beside it, its create link (or the way back from a drafts list). */
export function OwnedListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Header>
      <h1>{title}</h1>
      {children}
    </Header>
  );
}

/** The primary create link ('Create Chatbot'), also offered by an empty list. */
export function CreateLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} asChild>
      <PrimaryLink>{children}</PrimaryLink>
    </Link>
  );
}

/** One dropdown of the controls (Filter, Sort): its options are its own values. */
export interface ListChoice<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}

/** The search box (named by `searchLabel`, which is also its placeholder) and the dropdowns. */
export function OwnedListControls({
  searchLabel,
  search,
  onSearch,
  children,
}: {
  searchLabel: string;
  search: string;
  onSearch: (search: string) => void;
  /** The dropdowns, as <ChoiceSelect>s. */
  children: ReactNode;
}) {
  return (
    <Controls role="search">
      <Input
        type="search"
        aria-label={searchLabel}
        placeholder={`${searchLabel}...`}
        value={search}
        onChange={(e) => {
          onSearch(e.target.value);
        }}
      />
      {children}
    </Controls>
  );
}

export function ChoiceSelect<T extends string>({ label, value, options, onChange }: ListChoice<T>) {
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={(e) => {
        const next = options.find((o) => o === e.target.value);
        if (next !== undefined) onChange(next);
      }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </Select>
  );
}

/** What the top of an owned list says: its heading, its create link's text and its search box's name. */
export interface OwnedListTexts {
  title: string;
  createLabel: string;
  searchLabel: string;
}

/**
 * The top of My Chatbots and My Group Chats, with its state: the heading with its create link, then the
 * search box with the Filter (the moderation filters) and Sort dropdowns. Sorting starts at 'Latest'.
 */
export function useOwnedListTop<S extends string>(
  texts: OwnedListTexts,
  createHref: string,
  sorts: readonly S[],
  initialSort: S,
) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<OwnedListFilter>('All');
  const [sort, setSort] = useState<S>(initialSort);
  const top = (
    <>
      <OwnedListHeader title={texts.title}>
        <CreateLink href={createHref}>{texts.createLabel}</CreateLink>
      </OwnedListHeader>
      <OwnedListControls searchLabel={texts.searchLabel} search={search} onSearch={setSearch}>
        <ChoiceSelect
          label="Filter"
          value={filter}
          options={ownedListFilters}
          onChange={setFilter}
        />
        <ChoiceSelect label="Sort" value={sort} options={sorts} onChange={setSort} />
      </OwnedListControls>
    </>
  );
  return { search, filter, sort, top };
}

/** The link to the drafts list: the first three drafts' pictures, then what the page says of them. */
export function DraftsCard({
  href,
  pictures,
  children,
}: {
  href: string;
  pictures: readonly { id: string; src: string | null; name: string }[];
  children: ReactNode;
}) {
  return (
    <Link href={href} asChild>
      <DraftsLink>
        <Pictures aria-hidden="true">
          {pictures.slice(0, 3).map((p) => (
            <Avatar key={p.id} src={p.src} name={p.name} alt="" />
          ))}
        </Pictures>
        <span>{children}</span>
      </DraftsLink>
    </Link>
  );
}

/**
 * One card: the picture, the name and its lines open the item (`href`; null for a card that may not be
 * opened, shown greyed out). The link is named by `linkLabel`, else by the name, and described by the
 * lines; the actions sit beside it.
 */
export function OwnedCard({
  href,
  linkLabel,
  picture,
  name,
  lines,
  actions,
}: {
  href: string | null;
  linkLabel?: string;
  picture: { src: string | null; name: string };
  name: string;
  lines: ReactNode;
  actions: ReactNode;
}) {
  const id = useId();
  // The name spans the card above the picture, so a long one shows whole in up to three lines.
  const body = (
    <>
      <Name id={`${id}-name`}>{name}</Name>
      <Avatar src={picture.src} name={picture.name} size="lg" alt="" />
      <Lines id={`${id}-lines`}>{lines}</Lines>
    </>
  );
  return (
    <Card $isGreyed={href === null}>
      {href === null ? (
        <Main aria-disabled="true" aria-labelledby={`${id}-name`}>
          {body}
        </Main>
      ) : (
        <Link href={href} asChild>
          <Main
            as="a"
            aria-label={linkLabel}
            aria-labelledby={linkLabel === undefined ? `${id}-name` : undefined}
            aria-describedby={`${id}-lines`}
          >
            {body}
          </Main>
        </Link>
      )}
      <Actions>{actions}</Actions>
    </Card>
  );
}

/**
 * A card's state as a pill: the moderation label of product-core.md §4 "Card labels" (Under Review,
 * Under Manual Review, Action Required) or the visibility, as characterLabel names it.
 */
export function StatusLabel({ label }: { label: ReturnType<typeof characterLabel> }) {
  return <Pill $tone={label === 'Action Required' ? 'danger' : 'neutral'}>{label}</Pill>;
}

/** A card's link action (Edit, Fix Me), beside its buttons. */
export function CardLink({
  href,
  label,
  children,
}: {
  href: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} asChild>
      <ActionLink aria-label={label}>{children}</ActionLink>
    </Link>
  );
}

/** A card's button (Delete, Remove), named with what it acts on. */
export function CardButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button $size="sm" $variant="ghost" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The actions of an item the member may change: Edit, and remove it ('Delete', 'Remove') after asking. */
export function EditAndRemove({
  editHref,
  name,
  removeLabel,
  onRemove,
}: {
  editHref: string;
  name: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <>
      <CardLink href={editHref} label={`Edit ${name}`}>
        Edit
      </CardLink>
      <CardButton label={`${removeLabel} ${name}`} onClick={onRemove}>
        {removeLabel}
      </CardButton>
    </>
  );
}

/** The question before a removal (useRemoval), while it has an item to ask about. */
export function RemoveDialog<T>({
  removal,
  title,
  confirmLabel,
  children,
}: {
  removal: Removal<T>;
  title: string;
  confirmLabel: string;
  /** The question about the item. */
  children: (item: T) => ReactNode;
}) {
  if (removal.target === null) return null;
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      isBusy={removal.isBusy}
      onConfirm={removal.confirm}
      onCancel={removal.cancel}
    >
      {children(removal.target)}
    </ConfirmDialog>
  );
}

export const OwnedListPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** A muted line of a card, or the count line under the controls. */
export const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const OwnedGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.cardMinWidth}, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const PrimaryLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.primaryHover};
  }
`;

const Controls = styled.div`
  display: grid;
  grid-auto-columns: auto;
  grid-auto-flow: column;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-auto-flow: row;
    grid-template-columns: 1fr 1fr;

    input {
      grid-column: 1 / -1;
    }
  }
`;

const DraftsLink = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;

const Pictures = styled.span`
  display: flex;

  & > * + * {
    margin-left: -${({ theme }) => theme.space.md};
  }
`;

const Card = styled.li<{ $isGreyed: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  ${({ $isGreyed }) =>
    $isGreyed &&
    css`
      opacity: 0.55;
      filter: grayscale(1);
    `}
`;

const Main = styled.div`
  display: grid;
  flex: 1;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-width: 0;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  overflow-wrap: anywhere;
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
`;

/** Whole where the card has room; past three lines (a long name on a narrow card) an ellipsis. */
const Name = styled.strong`
  display: -webkit-box;
  grid-column: 1 / -1;
  overflow: hidden;
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
`;

const Actions = styled.div`
  display: flex;
  flex: none;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.xs};

  &:empty {
    display: none;
  }
`;

const ActionLink = styled.a`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;

/** A tag rather than a round pill, so a label that wraps on a narrow card still reads as one. */
const Pill = styled.span<{ $tone: 'danger' | 'neutral' }>`
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.dangerSurface : theme.color.chip)};
  color: ${({ $tone, theme }) => ($tone === 'danger' ? theme.color.danger : theme.color.onChip)};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
