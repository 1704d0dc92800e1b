import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { brandSectionNames, isPathOff } from '#shared/rules/brand-sections';
import type { ApplicationSettings } from '#shared/schemas/application';
import type { FeatureFlag } from '#shared/schemas/permission';
import { brandNameAtom } from '../../../lib/brand-name';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadAppSettings } from '../api';
import { appSettingsAtom, isAppSettingsSettledAtom } from '../atoms';

/**
 * Loads the application's settings once into `appSettingsAtom` (and its name into `brandNameAtom`); run
 * by the shell. A failed load leaves null (the shell then shows no brand links and no flag is treated as
 * switched on), and is not retried.
 */
export function useAppSettingsLoader(): void {
  const { api } = useServices();
  const setSettings = useSetAtom(appSettingsAtom);
  const setBrandName = useSetAtom(brandNameAtom);
  const setIsSettled = useSetAtom(isAppSettingsSettledAtom);
  const settings = useQuery('app-settings', (signal) => loadAppSettings(api, signal));
  const loaded = settings.status === 'success' ? settings.data : null;
  const isSettled = settings.status !== 'loading';
  useEffect(() => {
    if (loaded !== null) {
      setSettings(loaded);
      setBrandName(loaded.name);
    }
    if (isSettled) setIsSettled(true);
  }, [loaded, isSettled, setSettings, setBrandName, setIsSettled]);
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

/**
 * Whether a page path is switched off by this brand (shared/rules/brand-sections.ts): null while the
 * settings load and the path is in a section some brand may switch off, else true or false.
 */
export function useIsPageOff(path: string): boolean | null {
  const isSettled = useAtomValue(isAppSettingsSettledAtom);
  const sectionsOff = useAtomValue(appSettingsAtom)?.sectionsOff ?? [];
  if (!isSettled) return isPathOff(brandSectionNames, 'pages', path) ? null : false;
  return isPathOff(sectionsOff, 'pages', path);
}
