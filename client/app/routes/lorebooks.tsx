/**
 * /my-chatbots/lorebooks, /lorebook/create, /lorebook/edit/{id} and /lorebook/{id} (product-rules.md
 * routes), behind the lorebook flag: with it off they are Not Found. Creating and editing are for
 * members (the guard asks guests to sign in); a book's page is open to anyone with the link.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { IdParamsSchema } from '#shared/api/characters';
import { fetchLorebook } from '../../features/lorebooks/api';
import { LorebookDetail } from '../../features/lorebooks/components/lorebook-detail';
import {
  LorebookEditor,
  type LorebookSeed,
} from '../../features/lorebooks/components/lorebook-editor';
import { LorebookGuide } from '../../features/lorebooks/components/lorebook-guide';
import { LorebookList } from '../../features/lorebooks/components/lorebook-list';
import { LorebookStart } from '../../features/lorebooks/components/lorebook-start';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { useServices } from '../../lib/services';
import { useMemberId, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { ErrorPage } from '../layouts/error-page';
import { Page } from '../layouts/page';
import { useIsLorebookOn } from '../feature-flags';
import { RequirePermission } from '../route-guard';
import { MyChatbotsTabs } from './my-chatbots-tabs';
import { NotCreatorPage } from './forbidden';
import { NotFoundPage } from './not-found';

/** Renders its children when lorebooks are on; Not Found when off. */
function LorebookGate({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const isOn = useIsLorebookOn();
  if (session.status === 'member' && isOn === null) return <Spinner label="Loading" />;
  if (isOn === false) return <NotFoundPage />;
  return <>{children}</>;
}

export function MyLorebooksPage() {
  useDocumentTitle('My Lorebooks');
  const memberId = useMemberId();
  return (
    <RequirePermission permission="view_auth">
      <LorebookGate>
        <Page>
          <MyChatbotsTabs current="lorebooks" />
          {memberId !== null && <LorebookList memberId={memberId} />}
        </Page>
      </LorebookGate>
    </RequirePermission>
  );
}

export function LorebookCreatePage() {
  useDocumentTitle('Create Lorebook');
  // `n` counts starts, so each import fills a fresh form.
  const [started, setStarted] = useState<{ seed: LorebookSeed | null; n: number } | null>(null);
  return (
    <RequirePermission permission="view_auth">
      <LorebookGate>
        <Page>
          <Narrow>
            <Heading>
              <Title>Create Lorebook</Title>
              <LorebookGuide showOnFirstVisit />
            </Heading>
            {started === null ? (
              <LorebookStart
                onStart={(seed) => {
                  setStarted((last) => ({ seed, n: (last?.n ?? 0) + 1 }));
                }}
              />
            ) : (
              <LorebookEditor key={started.n} book={null} seed={started.seed} />
            )}
          </Narrow>
        </Page>
      </LorebookGate>
    </RequirePermission>
  );
}

function useBook(id: string) {
  const { api } = useServices();
  return useQuery(`lorebook:${id}`, (signal) => fetchLorebook(api, id, signal));
}

export function LorebookEditPage({ id }: { id: string }) {
  useDocumentTitle('Edit Lorebook');
  return (
    <RequirePermission permission="view_auth">
      <LorebookGate>
        {IdParamsSchema.safeParse({ id }).success ? <EditLoader id={id} /> : <NotFoundPage />}
      </LorebookGate>
    </RequirePermission>
  );
}

function EditLoader({ id }: { id: string }) {
  const book = useBook(id);
  if (
    book.status === 'error' &&
    (isNotFound(book.error) || book.error.code === 'lorebook_not_found')
  ) {
    return <NotFoundPage />;
  }
  if (book.status === 'success' && !book.data.isOwner) {
    return <NotCreatorPage documentTitle="Edit Lorebook" />;
  }
  return (
    <Page>
      <Narrow>
        <Heading>
          <Title>Edit Lorebook</Title>
          <LorebookGuide />
        </Heading>
        {book.status === 'loading' && <Spinner label="Loading lorebook" />}
        {book.status === 'error' && (
          <ErrorState message={errorText(book.error)} onRetry={book.retry} />
        )}
        {book.status === 'success' && (
          <LorebookEditor key={book.data.updatedAt} book={book.data} seed={null} />
        )}
      </Narrow>
    </Page>
  );
}

export function LorebookPage({ id }: { id: string }) {
  useDocumentTitle('Lorebook');
  return (
    <LorebookGate>
      {IdParamsSchema.safeParse({ id }).success ? <DetailLoader id={id} /> : <NotFoundPage />}
    </LorebookGate>
  );
}

function DetailLoader({ id }: { id: string }) {
  const book = useBook(id);
  if (
    book.status === 'error' &&
    (isNotFound(book.error) || book.error.code === 'lorebook_not_found')
  ) {
    return <ErrorPage code={404} title="Not Found" documentTitle="Not Found" />;
  }
  return (
    <Page>
      {book.status === 'loading' && <Spinner label="Loading lorebook" />}
      {book.status === 'error' && (
        <ErrorState message={errorText(book.error)} onRetry={book.retry} />
      )}
      {book.status === 'success' && <LorebookDetail book={book.data} />}
    </Page>
  );
}

const Narrow = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

/** The page title with the Lorebook Guide link beside it (below it on a narrow screen). */
const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
