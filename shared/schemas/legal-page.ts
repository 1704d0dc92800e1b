import { z } from 'zod';

/**
 * The pages an operator writes in Markdown per brand (issue 7 part 15, issue 25 part 4; product-core.md
 * §2 routes): the legal pages, the compliance statement and the help pages (`android` holds the
 * install steps of /apps/android).
 */
export const legalPageSlugs = [
  'terms',
  'privacy',
  'guidelines',
  'refund',
  '2257',
  'faq',
  'contact-support',
  'download',
  'android',
] as const;
export const LegalPageSlugSchema = z.enum(legalPageSlugs);
export type LegalPageSlug = z.infer<typeof LegalPageSlugSchema>;

/** One legal page: its title (the file's first `# ` heading) and the Markdown below it. */
export const LegalPageSchema = z.object({
  slug: LegalPageSlugSchema,
  title: z.string().min(1),
  /** The body as the operator wrote it; clients render it as Markdown, never as HTML. */
  markdown: z.string(),
});
export type LegalPage = z.infer<typeof LegalPageSchema>;
