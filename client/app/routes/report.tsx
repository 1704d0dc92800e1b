import styled from 'styled-components';
import { ReportForm } from '../../features/reports/components/report-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';

/**
 * /report and /report/{characterId}: members report a chatbot (report_character); guests get the
 * guard's sign-in prompt. Reports are handled within 7 days (product-rules.md §9).
 */
export function ReportPage({ characterId }: { characterId?: string }) {
  useDocumentTitle('Report a chatbot');
  return (
    <RequirePermission permission="report_character">
      <Page>
        <Narrow>
          <Title>Report a chatbot</Title>
          <Intro>Tell us what is wrong. Our team handles reports within 7 days.</Intro>
          <ReportForm key={characterId ?? ''} characterId={characterId} />
        </Narrow>
      </Page>
    </RequirePermission>
  );
}

const Narrow = styled.div`
  max-width: ${({ theme }) => theme.size.modalWidth};
  margin: 0 auto;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Intro = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.textMuted};
`;
