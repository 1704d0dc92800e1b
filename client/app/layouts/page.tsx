import styled from 'styled-components';

/** The padded, centred column every page but the chat uses. */
export const Page = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.size.contentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg}
    ${({ theme }) => theme.space.xxxl};

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl}
      ${({ theme }) => theme.space.xxxl};
  }
`;
