/**
 * Full-page restriction screens (product-core.md §4): Terminated, Temporary Hold with a countdown, and
 * Restricted, the ban page the route guard shows a limited-access member instead of a page they may
 * not use (§6, "Route guard").
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths';
import { Button, ButtonAnchor } from '../../../components/button';
import { errorText } from '../../../lib/errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SignOutButton } from './sign-out-button';

export function TerminatedScreen() {
  useDocumentTitle('Terminated');
  return (
    <Screen aria-labelledby="restriction-title">
      <h1 id="restriction-title">Terminated</h1>
      <p>
        This account has been terminated for breaking the Community Guidelines. It can no longer be
        used.
      </p>
      <SignOutButton />
    </Screen>
  );
}

/** The ban page: this page needs a permission a Restricted (limited access) account has lost. */
export function RestrictedScreen({ supportUrl }: { supportUrl: string | null }) {
  useDocumentTitle('Restricted');
  return (
    <Screen aria-labelledby="restriction-title">
      <h1 id="restriction-title">Restricted</h1>
      <p>{errorText({ code: 'account_restricted' })} This page is not available to it.</p>
      <ScreenActions>
        <Link href={paths.home.build()} asChild>
          <ButtonAnchor $variant="primary">Back to home</ButtonAnchor>
        </Link>
        {supportUrl !== null && (
          <ButtonAnchor href={supportUrl} target="_blank" rel="noopener noreferrer">
            Contact Us
          </ButtonAnchor>
        )}
      </ScreenActions>
    </Screen>
  );
}

function remainingText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days}d ` : ''}${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** The hold with the admin's reason, its end and a countdown; it goes as soon as the hold is lifted. */
export function HoldScreen({ reason, expiresAt }: { reason: string; expiresAt: string }) {
  useDocumentTitle('Temporary Hold');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const left = Date.parse(expiresAt) - now;
  return (
    <Screen aria-labelledby="restriction-title">
      <h1 id="restriction-title">Temporary Hold</h1>
      <p>This account is on a temporary hold. You can use CharChat again when the hold ends.</p>
      <Details>
        <dt>Reason</dt>
        <dd>{reason}</dd>
        <dt>Ends</dt>
        <dd>
          <time dateTime={expiresAt}>{formatEnd(expiresAt)}</time>
        </dd>
      </Details>
      <Countdown role="timer" aria-label="Time left">
        {remainingText(left)}
      </Countdown>
      {left <= 0 ? (
        <Button
          $variant="primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          Continue
        </Button>
      ) : (
        <SignOutButton />
      )}
    </Screen>
  );
}

function formatEnd(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  text-align: left;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A centred full-page notice: restriction screens and the guest's sign-in prompt. */
export const Screen = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxxl} ${({ theme }) => theme.space.lg};
  text-align: center;

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const ScreenActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Countdown = styled.p`
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-variant-numeric: tabular-nums;
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
