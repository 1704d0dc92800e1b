/** App settings as GET /api/app-settings answered; null until loaded (or when the call failed). */
import { atom } from 'jotai';
import type { ApplicationSettings } from '#shared/schemas/application';

export const appSettingsAtom = atom<ApplicationSettings | null>(null);

/** Whether the settings call has answered (loaded or failed), so flag-dependent choices can wait. */
export const isAppSettingsSettledAtom = atom(false);
