/**
 * The account gate around every page (product-core.md §2 navigation, §4 "Account restriction"): a
 * member without a username is sent to sign-up; Terminated and Temporary Hold replace the page;
 * Restricted and shadowban show a banner above it.
 */
import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths';
import { meAtom } from '../atoms';
import { useMeLoader } from '../hooks/use-me-loader';
import { useSession } from '../hooks/use-session';
import { HoldScreen, TerminatedScreen } from './restriction-screens';

const exemptFromSignup: readonly string[] = [
  paths.signup.pattern,
  paths.updateEmail.pattern,
  ...paths.legal.patterns,
];

export function AccountGate({ children }: { children: ReactNode }) {
  useMeLoader();
  const state = useSession();
  const me = useAtomValue(meAtom);
  const [location, navigate] = useLocation();
  const needsSignup =
    state.status === 'member' &&
    state.session.user.username === null &&
    !exemptFromSignup.includes(location);

  useEffect(() => {
    if (needsSignup) navigate(paths.signup.build(), { replace: true });
  }, [needsSignup, navigate]);

  if (needsSignup) return null;
  const restriction = state.status === 'member' && me !== null ? (me.restriction ?? null) : null;
  if (restriction?.type === 'restriction_full') return <TerminatedScreen />;
  if (restriction?.type === 'restriction_full_time' && restriction.expiresAt !== null) {
    return <HoldScreen expiresAt={restriction.expiresAt} />;
  }
  return (
    <>
      {restriction?.type === 'restriction_limited' && (
        <Banner role="status">
          <strong>Restricted!</strong> Uploading and editing chatbots is disabled for this account;
          chat still works.
        </Banner>
      )}
      {restriction?.type === 'shadowban' && (
        <Banner role="status">
          Your account is under review: what you publish is not visible to others for now.
        </Banner>
      )}
      {children}
    </>
  );
}

const Banner = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.dangerSurface};
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;
