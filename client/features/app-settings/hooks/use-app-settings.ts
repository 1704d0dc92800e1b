import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { ApplicationSettings } from '#shared/schemas/application';
import type { FeatureFlag } from '#shared/schemas/permission';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadAppSettings } from '../api';
import { appSettingsAtom, isAppSettingsSettledAtom } from '../atoms';

/**
 * Loads the application's settings once into `appSettingsAtom`; run by the shell. A failed load leaves
 * null (the shell then shows no brand links and no flag is treated as switched on), and is not retried.
 */
export function useAppSettingsLoader(): void {
  const { api } = useServices();
  const setSettings = useSetAtom(appSettingsAtom);
  const setIsSettled = useSetAtom(isAppSettingsSettledAtom);
  const settings = useQuery('app-settings', (signal) => loadAppSettings(api, signal));
  const loaded = settings.status === 'success' ? settings.data : null;
  const isSettled = settings.status !== 'loading';
  useEffect(() => {
    if (loaded !== null) setSettings(loaded);
    if (isSettled) setIsSettled(true);
  }, [loaded, isSettled, setSettings, setIsSettled]);
}

/** The application's settings, or null while loading. */
export function useAppSettings(): ApplicationSettings | null {
  return useAtomValue(appSettingsAtom);
}

/**
 * Whether this application switches `flag` on (true) or off (false); undefined when the application
 * leaves it to the product default (or settings are still loading). Per-member flags come with /api/me.
 */
export function useAppFeatureFlag(flag: FeatureFlag): boolean | undefined {
  return useAtomValue(appSettingsAtom)?.featureFlags[flag];
}

/**
 * Whether this application switches `flag` on, once its settings have answered: null while loading,
 * false when it is off or left to the product default.
 */
export function useAppFlagWhenSettled(flag: FeatureFlag): boolean | null {
  const isSettled = useAtomValue(isAppSettingsSettledAtom);
  const value = useAppFeatureFlag(flag);
  return isSettled ? value === true : null;
}

/** Only web links are followed from settings; anything else an operator typed counts as absent. */
export function safeWebUrl(url: string | undefined): string | null {
  return url !== undefined && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null;
}

/** The application's customer support URL (branding), or null when it names none. */
export function useCustomerSupportUrl(): string | null {
  return safeWebUrl(useAtomValue(appSettingsAtom)?.branding.customerSupportUrl);
}
