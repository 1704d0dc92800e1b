/** A legal page as a readable document: its title as the page's heading, then the operator's text. */
import styled from 'styled-components';
import type { LegalPage } from '#shared/schemas/legal-page';
import { MarkdownView } from './markdown-view';

export function LegalDocument({ page }: { page: LegalPage }) {
  return (
    <Article aria-labelledby="legal-title">
      <Title id="legal-title">{page.title}</Title>
      <MarkdownView source={page.markdown} />
    </Article>
  );
}

const Article = styled.article`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
