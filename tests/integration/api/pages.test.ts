/**
 * GET /api/pages/:slug (issue 7 part 15): the legal pages an operator writes in Markdown, per brand
 * with the default text as fallback, and nothing outside the content folder however the slug or the
 * application id is spelled.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLegalPage } from '#shared/api/pages';
import { ErrorBodySchema } from '#shared/errors';
import { legalPageSlugs, type LegalPageSlug } from '#shared/schemas/legal-page';
import { testConfig } from '../../support/config';
import { startStack, type Stack } from '../../support/stack';

let shipped: Stack;
let custom: Stack;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'charchat-content-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('legal/default/terms.md', '# Default Terms\n\nThe **default** terms.\n');
  write('legal/default/privacy.md', '\uFEFF# Default Privacy\r\n\r\nDefault privacy text.\r\n');
  write('legal/default/guidelines.md', 'Be kind. No heading here.\n');
  write('legal/brand-one/terms.md', '# Brand One Terms\n\nTerms of brand one.\n');
  // Files a request must never reach: beside the legal folder and at its root.
  write('outside/terms.md', '# Outside\n\nSecret.\n');
  write('legal/terms.md', '# Root\n\nNot a brand.\n');
  const apps = path.join(dir, 'applications.json');
  writeFileSync(
    apps,
    JSON.stringify([
      { id: 'charchat', name: 'CharChat' },
      { id: 'brand-one', name: 'Brand One' },
      { id: '../outside', name: 'Badly named' },
      { id: '..', name: 'Dots' },
    ]),
  );
  [shipped, custom] = await Promise.all([
    startStack(testConfig(), { workers: false }),
    startStack(testConfig({ CONTENT_DIR: dir, APPLICATIONS_FILE: apps }), { workers: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([shipped.close(), custom.close()]);
});

async function get(stack: Stack, url: string, applicationId?: string) {
  const res = await stack.app.fastify.inject({
    url,
    headers: applicationId === undefined ? {} : { 'x-application-id': applicationId },
  });
  return { status: res.statusCode, body: res.json<unknown>() };
}

async function page(stack: Stack, slug: string, applicationId?: string) {
  const { status, body } = await get(stack, `/api/pages/${slug}`, applicationId);
  expect(status).toBe(200);
  return getLegalPage.response.parse(body);
}

async function refused(stack: Stack, url: string, applicationId?: string) {
  const { status, body } = await get(stack, url, applicationId);
  expect(status).toBe(404);
  return ErrorBodySchema.parse(body).error.code;
}

describe('GET /api/pages/:slug with the shipped defaults', () => {
  it('answers each page with its title and a Markdown body', async () => {
    const titles: Record<LegalPageSlug, string> = {
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
    const sectioned: readonly LegalPageSlug[] = ['terms', 'privacy', 'guidelines', 'refund', 'faq'];
    for (const slug of legalPageSlugs) {
      const answer = await page(shipped, slug);
      expect(answer).toMatchObject({ slug, title: titles[slug] });
      expect(answer.markdown).toMatch(/^\S/);
      expect(answer.markdown.length).toBeGreaterThan(200);
      if (sectioned.includes(slug)) expect(answer.markdown).toContain('\n## ');
      expect(answer.markdown).not.toContain(`# ${titles[slug]}`);
    }
  });

  it('gives the Android install page five steps', async () => {
    const steps = (await page(shipped, 'android')).markdown.match(/^\d\. /gm);
    expect(steps).toEqual(['1. ', '2. ', '3. ', '4. ', '5. ']);
  });

  it('says what the product stores, and what the community may not post', async () => {
    const privacy = (await page(shipped, 'privacy')).markdown;
    for (const stored of ['email', 'guest id', 'conversations', 'IP address']) {
      expect(privacy).toContain(stored);
    }
    const guidelines = (await page(shipped, 'guidelines')).markdown;
    for (const rule of ['Minors in sexual content', 'Real people in sexual content', 'NSFW']) {
      expect(guidelines).toContain(rule);
    }
  });
});

describe('GET /api/pages/:slug per brand', () => {
  it("answers the brand's own page, and the default for pages it has none of", async () => {
    expect(await page(custom, 'terms', 'brand-one')).toEqual({
      slug: 'terms',
      title: 'Brand One Terms',
      markdown: 'Terms of brand one.',
    });
    expect(await page(custom, 'privacy', 'brand-one')).toEqual({
      slug: 'privacy',
      title: 'Default Privacy',
      markdown: 'Default privacy text.',
    });
    for (const applicationId of [undefined, 'charchat', 'not-a-brand']) {
      expect(await page(custom, 'terms', applicationId)).toMatchObject({
        title: 'Default Terms',
        markdown: 'The **default** terms.',
      });
    }
  });

  it('titles a page without a heading by its kind', async () => {
    expect(await page(custom, 'guidelines')).toEqual({
      slug: 'guidelines',
      title: 'Community Guidelines',
      markdown: 'Be kind. No heading here.',
    });
  });

  it('is page_not_found for an unknown slug or a page nobody wrote', async () => {
    expect(await refused(custom, '/api/pages/cookies')).toBe('page_not_found');
    expect(await refused(custom, '/api/pages/refunds')).toBe('page_not_found');
    expect(await refused(custom, '/api/pages/refund')).toBe('page_not_found');
    expect(await refused(shipped, '/api/pages/Terms')).toBe('page_not_found');
  });

  it('never reads outside the legal folders, whatever the slug or application id', async () => {
    for (const slug of [
      '..%2Fterms',
      '..%2F..%2Foutside%2Fterms',
      '%2E%2E%2Foutside%2Fterms',
      'terms.md',
      '..%5Coutside%5Cterms',
    ]) {
      expect(await refused(custom, `/api/pages/${slug}`)).toBe('page_not_found');
    }
    // A NUL byte is refused before any lookup, like in every other input.
    const nul = await get(custom, '/api/pages/terms%00');
    expect(nul.status).toBe(400);
    expect(ErrorBodySchema.parse(nul.body).error).toMatchObject({
      code: 'validation_failed',
      field: 'slug',
    });
    // A configured brand whose id is not a plain name gets the default text, never a path.
    for (const applicationId of ['../outside', '..', '../../outside', 'legal/..']) {
      const answer = await page(custom, 'terms', applicationId);
      expect(answer.title).toBe('Default Terms');
    }
  });
});
