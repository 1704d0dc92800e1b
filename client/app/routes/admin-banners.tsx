/** /admin/banners, /admin/banners/new and /admin/banners/:id (issue 25 item 2): the admin's banners. */
import styled from 'styled-components';
import { Link } from 'wouter';
import { BannerEditor } from '../../features/admin/components/banner-editor';
import { BannerList } from '../../features/admin/components/banner-list';
import { ButtonAnchor } from '../../components/button';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { AdminOnly } from './admin';

export function AdminBannersPage() {
  useDocumentTitle('Admin · Banners');
  return (
    <AdminOnly>
      <Page>
        <Header>
          <Title>Banners</Title>
          <Links>
            <Link href={paths.admin.build()}>Back to admin</Link>
            <Link href={paths.adminBannerNew.build()} asChild>
              <ButtonAnchor $variant="primary">New banner</ButtonAnchor>
            </Link>
          </Links>
        </Header>
        <BannerList />
      </Page>
    </AdminOnly>
  );
}

export function AdminBannerPage({ id }: { id: string | null }) {
  useDocumentTitle(id === null ? 'Admin · New banner' : 'Admin · Banner');
  return (
    <AdminOnly>
      <Page>
        <Header>
          <Title>{id === null ? 'New banner' : 'Edit banner'}</Title>
          <Link href={paths.adminBanners.build()}>Back to banners</Link>
        </Header>
        {/* Keyed by id, so going from one banner to another starts a fresh form. */}
        <BannerEditor key={id ?? 'new'} id={id} />
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

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;
