import { ApplicationSettingsSchema } from '../schemas/application';
import { endpoint } from './endpoint';

/** The settings of the application named by the x-application-id header (the default one without it). */
export const getAppSettings = endpoint({
  method: 'GET',
  path: '/api/app-settings',
  auth: 'none',
  summary: 'Brand settings and feature flags of the calling application',
  response: ApplicationSettingsSchema,
});
