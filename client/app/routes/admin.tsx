/**
 * /admin and /admin/users/:id (product-core.md §6): the admin screens. No permission separates admins
 * from employees (staff hold the same set), so the guard is view_auth (members only; guests and the
 * Restricted get the guard's answer) plus the spec's `admin` feature flag, which only the admin role has.
 * The server refuses every admin call to anyone else regardless.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import { QueueDashboardLink } from '../../features/admin/components/queue-dashboard-link';
import { ReviewQueue } from '../../features/admin/components/review-queue';
import { UserDetail } from '../../features/admin/components/user-detail';
import { UserSearch } from '../../features/admin/components/user-search';
import { LeaderboardReview } from '../../features/admin/components/leaderboard-review';
import { ReportQueue } from '../../features/reports/components/report-queue';
import { PageQuerySchema } from '#shared/schemas/page';
import { ButtonAnchor } from '../../components/button';
import { useMe } from '../../lib/member';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';
import { ForbiddenPage } from './forbidden';

export function AdminOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  const isAdmin = me?.featureFlags?.includes('admin') === true;
  return (
    <RequirePermission permission="view_auth">
      {isAdmin ? children : <ForbiddenPage />}
    </RequirePermission>
  );
}

/** /admin: find a member. */
export function AdminPage() {
  useDocumentTitle('Admin');
  const query = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  return (
    <AdminOnly>
      <Page>
        <Header>
          <Title>Admin</Title>
          <Links>
            <Link href={paths.adminReports.build()} asChild>
              <ButtonAnchor>Chatbot reports</ButtonAnchor>
            </Link>
            <Link href={paths.adminModeration.build()} asChild>
              <ButtonAnchor>Chatbot review</ButtonAnchor>
            </Link>
            <Link href={paths.adminLeaderboard.build()} asChild>
              <ButtonAnchor>Leaderboard</ButtonAnchor>
            </Link>
            <QueueDashboardLink />
            <Link href={paths.adminBanners.build()} asChild>
              <ButtonAnchor>Banners</ButtonAnchor>
            </Link>
          </Links>
        </Header>
        <UserSearch query={query} />
      </Page>
    </AdminOnly>
  );
}

/** /admin/moderation: chatbots waiting for a moderator (`?status=fix_required`: the flagged ones). */
export function AdminModerationPage() {
  useDocumentTitle('Admin · Chatbot review');
  const status =
    new URLSearchParams(useSearch()).get('status') === 'fix_required'
      ? 'fix_required'
      : 'manual_review_required';
  return (
    <AdminOnly>
      <Page>
        <Header>
          <Title>Chatbot review</Title>
          <Link href={paths.admin.build()}>Back to admin</Link>
        </Header>
        <ReviewQueue status={status} />
      </Page>
    </AdminOnly>
  );
}

/** /admin/users/:id: one member's role, restrictions and audit trail. */
export function AdminUserPage({ id }: { id: string }) {
  useDocumentTitle('Admin · Member');
  return (
    <AdminOnly>
      <Page>
        <Bar>
          <QueueDashboardLink />
        </Bar>
        <UserDetail id={id} />
      </Page>
    </AdminOnly>
  );
}

/** /admin/reports: the chatbot report queue. */
export function AdminReportsPage() {
  useDocumentTitle('Admin · Reports');
  const asked = new URLSearchParams(useSearch()).get('page') ?? undefined;
  const page = PageQuerySchema.shape.page.catch(1).parse(asked);
  return (
    <AdminOnly>
      <Page>
        <Header>
          <Title>Chatbot reports</Title>
          <Link href={paths.admin.build()} asChild>
            <ButtonAnchor>Members</ButtonAnchor>
          </Link>
        </Header>
        <ReportQueue page={page} />
      </Page>
    </AdminOnly>
  );
}

/** /admin/leaderboard: the leaderboard's months; a pending one is looked over and approved. */
export function AdminLeaderboardPage() {
  useDocumentTitle('Admin · Leaderboard');
  const [, navigate] = useLocation();
  const date = new URLSearchParams(useSearch()).get('date') ?? undefined;
  return (
    <AdminOnly>
      <Page>
        <Header>
          <Title>Creators leaderboard</Title>
          <Link href={paths.admin.build()}>Back to admin</Link>
        </Header>
        <LeaderboardReview
          date={date}
          onMonthChange={(month) => {
            navigate(paths.adminLeaderboard.build(month));
          }}
        />
      </Page>
    </AdminOnly>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Bar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;
