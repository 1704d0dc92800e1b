/**
 * The account gate around every page (product-core.md §2 navigation, §4 "Account restriction"): a
 * member without a username is sent to sign-up, or with the onboarding v2 flag gets the onboarding (which
 * the shell passes in) as a modal over the current page; Terminated and Temporary Hold replace the page;
 * Restricted and shadowban show a banner above it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { paths, returnPath } from '../../../lib/paths';

import { useMe, useMeLoader } from '../../../lib/member';
import { useMemberId, useSession } from '../../../lib/session';
import { takeSignInOrigin } from '../sign-in-origin';
import { HoldScreen, TerminatedScreen } from './restriction-screens';

const exemptFromSignup: readonly string[] = [
  paths.signup.pattern,
  paths.externalSignup.pattern,
  paths.updateEmail.pattern,
  ...paths.legal.patterns,
];

/**
 * Where a member without a username onboards: the /signup page, a modal (onboarding v2), partner
 * sign-up (/external/signup, on a partner site), or not yet known.
 */
export type OnboardingMode = 'page' | 'modal' | 'partner' | 'pending';

export function AccountGate({
  onboarding = 'page',
  renderOnboardingModal,
  children,
}: {
  /** From the onboarding v2 flag; 'pending' while the application's settings load. */
  onboarding?: OnboardingMode;
  /** The onboarding steps as a modal, calling `onDone` when finished (the onboarding feature's). */
  renderOnboardingModal: (onDone: () => void) => ReactNode;
  children: ReactNode;
}) {
  const isOnboardingModal = onboarding === 'modal';
  useMeLoader();
  const state = useSession();
  const me = useMe();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const memberId = useMemberId();
  const needsSignup =
    state.status === 'member' &&
    state.session.user.username === null &&
    !exemptFromSignup.includes(location);
  // The modal stays up after the username is set, for the interests step, until onboarding is done.
  const [onboardingFor, setOnboardingFor] = useState<string | null>(null);
  const isModalOpen =
    isOnboardingModal && memberId !== null && (needsSignup || onboardingFor === memberId);

  if (needsSignup && isOnboardingModal && onboardingFor !== memberId) setOnboardingFor(memberId);

  useEffect(() => {
    if (!needsSignup || (onboarding !== 'page' && onboarding !== 'partner')) return;
    // Back to this page after sign-up, or to where sign-in started when it began elsewhere (OAuth).
    const here = returnPath(search === '' ? location : `${location}?${search}`);
    if (onboarding === 'partner') {
      navigate(paths.externalSignup.build(here), { replace: true });
      return;
    }
    navigate(paths.signup.build(here ?? takeSignInOrigin()), { replace: true });
  }, [needsSignup, onboarding, navigate, location, search]);

  if (needsSignup && !isOnboardingModal) return null;
  const restriction = me?.restriction ?? null;
  if (restriction?.type === 'restriction_full') return <TerminatedScreen />;
  if (restriction?.type === 'restriction_full_time' && restriction.expiresAt !== null) {
    return <HoldScreen reason={restriction.reason} expiresAt={restriction.expiresAt} />;
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
      {isModalOpen &&
        renderOnboardingModal(() => {
          setOnboardingFor(null);
        })}
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
