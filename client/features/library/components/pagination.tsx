import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { pageItems } from '../page-number';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page (the listing's filters kept). */
  hrefOf: (page: number) => string;
}

/** Previous/Next and page numbers; each page is a link to its address. */
export function Pagination({ page, totalPages, hrefOf }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Nav aria-label="Pagination">
      <PageList>
        <li>
          {page > 1 ? (
            <Link href={hrefOf(page - 1)} asChild>
              <PageLink rel="prev">Previous</PageLink>
            </Link>
          ) : (
            <DisabledItem aria-disabled="true">Previous</DisabledItem>
          )}
        </li>
        {pageItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true">
              <Gap>…</Gap>
            </li>
          ) : (
            <li key={item.page}>
              <Link href={hrefOf(item.page)} asChild>
                <PageLink
                  aria-label={`Page ${item.page}`}
                  aria-current={item.page === page ? 'page' : undefined}
                  $isCurrent={item.page === page}
                >
                  {item.page}
                </PageLink>
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link href={hrefOf(page + 1)} asChild>
              <PageLink rel="next">Next</PageLink>
            </Link>
          ) : (
            <DisabledItem aria-disabled="true">Next</DisabledItem>
          )}
        </li>
      </PageList>
    </Nav>
  );
}

const Nav = styled.nav`
  margin-top: ${({ theme }) => theme.space.xxl};
`;

const PageList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const itemStyles = css`
  display: inline-grid;
  place-items: center;
  min-width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const PageLink = styled.a<{ $isCurrent?: boolean }>`
  ${itemStyles}
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ $isCurrent, theme }) => ($isCurrent ? theme.color.primary : theme.color.surface)};
  color: ${({ $isCurrent, theme }) => ($isCurrent ? theme.color.onPrimary : theme.color.text)};
  text-decoration: none;

  &:hover {
    border-color: ${({ theme }) => theme.color.primary};
  }
`;

const DisabledItem = styled.span`
  ${itemStyles}
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  opacity: 0.5;
`;

const Gap = styled.span`
  ${itemStyles}
  color: ${({ theme }) => theme.color.textMuted};
`;
