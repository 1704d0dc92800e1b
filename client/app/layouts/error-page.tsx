import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ButtonAnchor } from '../../components/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../lib/paths';
import { Page } from './page';

/** A full-page error with its status code and a way home (the 404 and 403 pages), after any `actions`. */
export function ErrorPage({
  code,
  title,
  documentTitle,
  actions,
}: {
  code: number;
  title: string;
  documentTitle: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <Page>
      <Wrapper>
        <Code aria-hidden="true">{code}</Code>
        <Title>{title}</Title>
        <Actions>
          {actions}
          <Link href={paths.home.build()} asChild>
            <ButtonAnchor $variant="primary">Back to home</ButtonAnchor>
          </Link>
        </Actions>
      </Wrapper>
    </Page>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.xxxl};
  text-align: center;
`;

const Code = styled.p`
  color: ${({ theme }) => theme.color.primary};
  font-size: calc(${({ theme }) => theme.font.size.xxl} * 2.5);
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;
