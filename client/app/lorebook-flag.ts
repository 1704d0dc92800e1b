/**
 * Whether lorebooks are on: the member's flags (GET /api/me, which reports the lorebook flag as on by
 * default) unless this application switches the flag off. Null while either is still loading.
 */
import { useAppSettings } from '../features/app-settings/hooks/use-app-settings';
import { useMe } from '../lib/member';

export function useIsLorebookOn(): boolean | null {
  const me = useMe();
  const settings = useAppSettings();
  if (me === null) return null;
  if (settings?.featureFlags.lorebook === false) return false;
  return me.featureFlags?.includes('lorebook') === true;
}
