/**
 * What logged-out visitors see on the favorites and recommendations pages (product-core.md "Listing
 * screens": "logged-out visitors see a marketing page"): what an account gives, Create Free Account
 * and a way back to browsing.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { Button, ButtonAnchor } from '../../../components/button';
import { paths } from '../../../lib/paths';

const benefits = [
  'Keep your favorite chatbots in one place',
  'Get recommendations from what you like and chat with',
  'Save your chats on every device',
] as const;

export function LibraryMarketing({ title, onSignIn }: { title: string; onSignIn: () => void }) {
  const id = useId();
  return (
    <Panel aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p>Only an email is required to create a free account.</p>
      <Benefits>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </Benefits>
      <Actions>
        <Button $variant="primary" onClick={onSignIn}>
          Create Free Account
        </Button>
        <Link href={paths.home.build()} asChild>
          <ButtonAnchor>Explore Chatbots</ButtonAnchor>
        </Link>
      </Actions>
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: ${({ theme }) => theme.space.xxl} auto;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  text-align: center;

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Benefits = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.xl};
  text-align: left;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;
