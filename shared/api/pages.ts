import { z } from 'zod';
import { LegalPageSchema } from '../schemas/legal-page';
import { endpoint } from './endpoint';

/**
 * A legal or help page (shared/schemas/legal-page.ts) of the application named by the x-application-id
 * header, or the operator's default text; an unknown slug is `page_not_found`.
 */
export const getLegalPage = endpoint({
  method: 'GET',
  path: '/api/pages/:slug',
  auth: 'none',
  summary: 'A legal page of the calling application, as Markdown',
  params: z.object({ slug: z.string().max(100) }),
  response: LegalPageSchema,
});
