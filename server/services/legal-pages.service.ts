/**
 * The legal and help pages (issue 7 part 15, issue 25 part 4): Markdown files an operator edits, one folder per brand under
 * CONTENT_DIR/legal/<application id>/<slug>.md, falling back to CONTENT_DIR/legal/default/. Files are
 * read on each request, so an edit shows without a restart. Only the known slugs are looked up and a
 * brand folder must be a plain name, so no request can read outside CONTENT_DIR/legal.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LegalPageSlugSchema,
  type LegalPage,
  type LegalPageSlug,
} from '#shared/schemas/legal-page';
import { AppError } from '../lib/errors';

/** Titles of files that do not start with a `# ` heading. */
const defaultTitles: Record<LegalPageSlug, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  guidelines: 'Community Guidelines',
  refund: 'Refund Policy',
  '2257': '18 U.S.C. 2257 Compliance Statement',
  faq: 'Frequently Asked Questions',
  'contact-support': 'Contact Support',
  download: 'Download the App',
  android: 'Install the Android App',
};

/** The folder of the operator's defaults, used for brands without a file of their own. */
const defaultFolder = 'default';
/** A brand folder name: letters, digits, `_` and `-` only (no dots, no separators). */
const plainName = /^[\w-]+$/;

/** The page `slug` of an application, or its default; `page_not_found` for anything else. */
export async function readLegalPage(
  contentDir: string,
  applicationId: string,
  slug: string,
): Promise<LegalPage> {
  const known = LegalPageSlugSchema.safeParse(slug);
  if (!known.success) throw new AppError('page_not_found');
  const root = path.resolve(contentDir, 'legal');
  const folders = plainName.test(applicationId) ? [applicationId, defaultFolder] : [defaultFolder];
  for (const folder of folders) {
    const file = path.join(root, folder, `${known.data}.md`);
    // Belt and braces: the names above cannot leave the folder, and this says so.
    if (path.dirname(path.dirname(file)) !== root) continue;
    const text = await readIfPresent(file);
    if (text !== null) return toPage(known.data, text);
  }
  throw new AppError('page_not_found');
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof Error && 'code' in err) {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
    }
    throw err;
  }
}

/** The title from the first line when it is a `# ` heading, and the Markdown after it. */
function toPage(slug: LegalPageSlug, text: string): LegalPage {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const heading = /^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(lines[first] ?? '');
  const title = heading?.[1]?.trim();
  if (title === undefined || title === '') {
    return { slug, title: defaultTitles[slug], markdown: lines.join('\n').trim() };
  }
  return {
    slug,
    title,
    markdown: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}
