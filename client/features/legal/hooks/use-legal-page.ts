import type { LegalPageSlug } from '#shared/schemas/legal-page';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchLegalPage } from '../api';

/** One legal page of the calling application (its own text or the operator's default). */
export function useLegalPage(slug: LegalPageSlug) {
  const { api } = useServices();
  return useQuery(`legal-page:${slug}`, (signal) => fetchLegalPage(api, slug, signal));
}
