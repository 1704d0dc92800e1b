import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '#shared/rules/permissions';
import { ConfigError } from '#server/config';
import { contentSecurityPolicy } from '#server/plugins/security-headers';
import { adSettingsFor, inlineScriptHashes, loadAds } from '#server/services/ads.service';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const dir = mkdtempSync(path.join(tmpdir(), 'ads-'));
const snippetFile = (name: string, html: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, html);
  return file;
};

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, once each', () => {
    const html =
      '<div id="a"></div><script async src="https://ads.example.net/tag.js"></script>' +
      '<script>window.slot = 1;</script>\n<SCRIPT type="text/javascript">run()</SCRIPT>' +
      '<script>window.slot = 1;</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('window.slot = 1;'), sha('run()')]);
  });
});

describe('loadAds', () => {
  it('shows no slot without a snippet file', () => {
    expect(loadAds({ AD_AFTER_MESSAGES: 10, ADS_SNIPPET_FILE: undefined })).toEqual({
      afterMessages: 10,
      snippet: null,
      scriptHashes: [],
    });
  });

  it('reads the snippet and the hashes of its inline scripts', () => {
    const file = snippetFile('ok.html', '<p>Ad</p><script>go()</script>');
    const ads = loadAds({ AD_AFTER_MESSAGES: 3, ADS_SNIPPET_FILE: file });
    expect(ads).toEqual({
      afterMessages: 3,
      snippet: '<p>Ad</p><script>go()</script>',
      scriptHashes: [sha('go()')],
    });
  });

  it('stops start-up on a missing or empty file, naming the variable', () => {
    for (const file of [path.join(dir, 'missing.html'), snippetFile('empty.html', '  \n')]) {
      expect(() => loadAds({ AD_AFTER_MESSAGES: 10, ADS_SNIPPET_FILE: file })).toThrow(ConfigError);
      expect(() => loadAds({ AD_AFTER_MESSAGES: 10, ADS_SNIPPET_FILE: file })).toThrow(
        /ADS_SNIPPET_FILE/,
      );
    }
  });
});

describe('adSettingsFor', () => {
  const ads = { afterMessages: 10, snippet: '<p>Ad</p>', scriptHashes: [] };

  it('gives the snippet to free callers and nothing to paying ones', () => {
    const free = permissionsOf({ kind: 'member', role: 'free_tier', restrictions: [] });
    const paid = permissionsOf({ kind: 'member', role: 'paid_minimal', restrictions: [] });
    expect(adSettingsFor(ads, free)).toEqual({
      displayAds: true,
      afterMessages: 10,
      snippet: '<p>Ad</p>',
    });
    expect(adSettingsFor(ads, paid)).toEqual({
      displayAds: false,
      afterMessages: 10,
      snippet: null,
    });
  });
});

describe('contentSecurityPolicy with an ad snippet', () => {
  it('allows the snippet inline scripts by hash and no inline script otherwise', () => {
    const policy = contentSecurityPolicy({
      publicUrl: 'http://localhost:3000',
      assetOrigins: [],
      adOrigins: ['https://ads.example.net'],
      adScriptHashes: [sha('go()')],
      frameAncestors: [],
      paymentOrigins: { script: [], frame: [], connect: [] },
    });
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe(`script-src 'self' https://ads.example.net ${sha('go()')}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
