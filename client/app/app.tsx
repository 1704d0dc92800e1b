import { useLocation, useRoute } from 'wouter';
import { AgeVerificationRequiredDialog } from '../features/age-verification/components/age-verification-required-dialog';
import { AccountGate } from '../features/auth/components/account-gate';
import { FooterAccount } from '../features/auth/components/footer-account';
import { HeaderAccount } from '../features/auth/components/header-account';
import { SignInHost } from '../features/auth/components/sign-in-host';
import { SignInLinkLanding } from '../features/auth/components/sign-in-link-landing';
import { InterestsHost } from '../features/onboarding/components/interests-host';
import { Onboarding } from '../features/onboarding/components/onboarding';
import { FooterLinks } from '../features/app-settings/components/footer-links';
import { WaitingRoomHost } from '../features/waiting-room/components/waiting-room-host';
import {
  useAppFlagWhenSettled,
  useAppSettings,
  useAppSettingsLoader,
} from '../features/app-settings/hooks/use-app-settings';
import { FooterBrandLinks } from '../features/app-settings/components/footer-links';
import { productName } from '../lib/brand-name';
import { ToastHost } from './layouts/toast-host';
import { BannerHost, useScreenBanners } from '../features/banners/components/banner-host';
import type { Services } from '../lib/services';
import { useAccountChangedRefresh } from '../lib/member';
import { useMemberId } from '../lib/session';
import type { AppStore } from '../lib/store';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layouts/app-layout';
import { paths } from '../lib/paths';
import { AppProviders } from './providers';
import { AppRouter } from './router';

function Pages() {
  const [location, navigate] = useLocation();
  const memberId = useMemberId();
  useAppSettingsLoader();
  useAccountChangedRefresh();
  const onboardingV2 = useAppFlagWhenSettled('onboarding_v2');
  const [isAgeVerificationPage] = useRoute(paths.ageVerification.pattern);
  const [isAgeVerificationCallback] = useRoute(paths.ageVerificationCallback.pattern);
  const [isSignup] = useRoute(paths.signup.pattern);
  const [isChatStart] = useRoute(paths.chatWithCharacter.pattern);
  const [isChat] = useRoute(paths.chat.pattern);
  const settings = useAppSettings();
  // A partner site's footer is its links alone (product-core.md §2, "Partner mode"): the partner signs
  // its members in and out.
  const shownBanners = useScreenBanners();
  const footer =
    isChat || isChatStart ? null : settings?.isPartner === true ? (
      <FooterLinks />
    ) : (
      <>
        <span>© {settings?.name ?? productName}</span>
        <FooterAccount />
        <FooterBrandLinks />
        <FooterLinks />
      </>
    );
  return (
    <AppLayout account={<HeaderAccount />} footer={footer}>
      <BannerHost placement="top" shown={shownBanners} />
      <ErrorBoundary resetKey={location}>
        <AccountGate
          onboarding={
            onboardingV2 === null
              ? 'pending'
              : settings?.isPartner === true
                ? 'partner'
                : onboardingV2
                  ? 'modal'
                  : 'page'
          }
          renderOnboardingModal={(onDone) => <Onboarding variant="modal" onDone={onDone} />}
        >
          <AppRouter />
        </AccountGate>
      </ErrorBoundary>
      <BannerHost placement="bottom" shown={shownBanners} />
      <BannerHost placement="popup" shown={shownBanners} />
      <AgeVerificationRequiredDialog
        memberId={memberId}
        isSuppressed={isAgeVerificationPage || isAgeVerificationCallback || isSignup}
        onVerifyNow={() => {
          navigate(paths.ageVerification.build());
        }}
      />
      <SignInHost />
      <InterestsHost />
      <SignInLinkLanding />
      <WaitingRoomHost />
      <ToastHost />
    </AppLayout>
  );
}

export function App({ store, services }: { store: AppStore; services: Services }) {
  return (
    <AppProviders store={store} services={services}>
      <Pages />
    </AppProviders>
  );
}
