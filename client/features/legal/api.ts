import { getLegalPage } from '#shared/api/pages';
import type { LegalPageSlug } from '#shared/schemas/legal-page';
import type { ApiClient } from '../../lib/api-client';

export function fetchLegalPage(api: ApiClient, slug: LegalPageSlug, signal: AbortSignal) {
  return api.request(getLegalPage, { params: { slug }, signal });
}
