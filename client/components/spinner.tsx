import styled, { keyframes } from 'styled-components';

/** A loading indicator announced to screen readers as its label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Wrapper role="status" aria-label={label}>
      <Ring aria-hidden="true" />
    </Wrapper>
  );
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.div`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.xxl};
`;

const Ring = styled.span`
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  border: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.border};
  border-top-color: ${({ theme }) => theme.color.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;
