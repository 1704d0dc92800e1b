/**
 * The admin's banners (issue 25 item 2): every banner with its placement, screens and whether its
 * window is open now, linking to its editor; delete asks first. Loading, empty and error states.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { isInWindow } from '#shared/rules/banners';
import type { Banner } from '#shared/schemas/banner';
import { Button, ButtonAnchor } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { loadBanners, removeBanner } from '../banners-api';
import { Badge, ErrorText, Wrap } from './admin-styles';
import { placementLabels, screenLabels } from './banner-labels';

/** Scheduled, Live or Ended, by this browser's clock (the server decides what members see). */
function windowLabel(banner: Banner, now: Date): string {
  if (isInWindow(banner, now)) return 'Live';
  return banner.startsAt !== null && now < new Date(banner.startsAt) ? 'Scheduled' : 'Ended';
}

export function BannerList() {
  const { api } = useServices();
  const [version, setVersion] = useState(0);
  const banners = useQuery(`admin-banners:${String(version)}`, (signal) =>
    loadBanners(api, signal),
  );
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  if (banners.status === 'loading') return <Spinner label="Loading banners" />;
  if (banners.status === 'error') {
    return <ErrorState message={errorText(banners.error)} onRetry={banners.retry} />;
  }
  const now = new Date();
  return (
    <>
      {error !== null && <ErrorText role="alert">{error}</ErrorText>}
      {banners.data.length === 0 ? (
        <EmptyState title="No banners yet">
          <p>Create one to show it on the screens you choose.</p>
        </EmptyState>
      ) : (
        <List aria-label="Banners">
          {banners.data.map((banner) => (
            <Item key={banner.id}>
              <div>
                <Link href={paths.adminBanner.build(banner.id)}>
                  <Wrap>{banner.name}</Wrap>
                </Link>
                <Meta>
                  <Badge $tone={windowLabel(banner, now) === 'Ended' ? 'danger' : 'neutral'}>
                    {windowLabel(banner, now)}
                  </Badge>
                  <span>{placementLabels[banner.placement]}</span>
                  <span>{banner.screens.map((s) => screenLabels[s]).join(', ')}</span>
                </Meta>
              </div>
              <Row>
                <Link href={paths.adminBanner.build(banner.id)} asChild>
                  <ButtonAnchor $size="sm" aria-label={`Edit ${banner.name}`}>
                    Edit
                  </ButtonAnchor>
                </Link>
                <Button
                  type="button"
                  $size="sm"
                  $variant="danger"
                  aria-label={`Delete ${banner.name}`}
                  onClick={() => {
                    setDeleting(banner);
                  }}
                >
                  Delete
                </Button>
              </Row>
            </Item>
          ))}
        </List>
      )}
      {deleting !== null && (
        <ConfirmDialog
          title="Delete banner?"
          confirmLabel="Delete"
          isBusy={isBusy}
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => {
            setIsBusy(true);
            removeBanner(api, deleting.id).then(
              () => {
                setIsBusy(false);
                setDeleting(null);
                setError(null);
                toast('Banner deleted.');
                setVersion((v) => v + 1);
              },
              (err: unknown) => {
                setIsBusy(false);
                setDeleting(null);
                setError(errorText(toApiError(err)));
              },
            );
          }}
        >
          “{deleting.name}” stops showing at once and cannot be restored.
        </ConfirmDialog>
      )}
    </>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;
