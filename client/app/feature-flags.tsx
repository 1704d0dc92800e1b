/**
 * Whether a product feature flag is on (product-core.md §6): off when this application switches it off,
 * else as the member's flags say (GET /api/me); a guest has the product's defaults, as the server
 * judges them. Null while either is still loading. The server refuses the flag's routes the same way.
 */
import type { ReactNode } from 'react';
import { enabledFlags, featureFlagsOf } from '#shared/rules/permissions';
import type { FeatureFlag } from '#shared/schemas/permission';
import { Spinner } from '../components/spinner';
import { useAppSettings } from '../features/app-settings/hooks/use-app-settings';
import { useMe } from '../lib/member';
import { useSession } from '../lib/session';
import { Page } from './layouts/page';
import { NotFoundPage } from './routes/not-found';

const guestFlags = enabledFlags(
  featureFlagsOf({ kind: 'guest', role: 'free_tier', restrictions: [] }),
);

export function useIsFlagOn(flag: FeatureFlag): boolean | null {
  const session = useSession();
  const me = useMe();
  const settings = useAppSettings();
  if (settings?.featureFlags[flag] === false) return false;
  if (session.status === 'guest') return guestFlags.includes(flag);
  if (me === null) return null;
  return me.featureFlags?.includes(flag) === true;
}

/** Whether lorebooks are on; a member's own, so a guest is offered none of their pages (null). */
export function useIsLorebookOn(): boolean | null {
  const isOn = useIsFlagOn('lorebook');
  return useMe() === null ? null : isOn;
}

/** Renders its children while `flag` is on, the 404 page while it is off, a spinner until known. */
export function FlagGate({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const isOn = useIsFlagOn(flag);
  if (isOn === false) return <NotFoundPage />;
  if (isOn === null) {
    return (
      <Page>
        <Spinner label="Loading" />
      </Page>
    );
  }
  return <>{children}</>;
}
