/**
 * Ads (issue 25 item 7): the operator's ad provider snippet (ADS_SNIPPET_FILE), read once at start-up,
 * and who gets it. The client shows it only in a sandboxed `srcdoc` frame (no allow-same-origin: an
 * opaque origin without access to the page, its storage or its cookies). A srcdoc frame keeps the
 * page's Content-Security-Policy, so the snippet's own inline scripts are allowed by their hashes
 * (scriptHashes, added to script-src) and its network by CSP_AD_ORIGINS; nothing else inline runs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AdSettings } from '#shared/api/ads';
import { displaysAds } from '#shared/rules/ads';
import type { Permission } from '#shared/schemas/permission';
import { ConfigError, type Config } from '../config';

/** The longest snippet accepted: a provider's tag is a few lines. */
export const maxSnippetBytes = 64 * 1024;

export interface AdsSetup {
  afterMessages: number;
  /** The provider's HTML, or null when the operator configured none (no slot is shown). */
  snippet: string | null;
  /** CSP sources ('sha256-…') of the snippet's inline scripts. */
  scriptHashes: string[];
}

/** The CSP hash sources of every inline `<script>` (one without `src`) in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** Reads the snippet file; a missing, empty or oversized file stops start-up naming the variable. */
export function loadAds(config: Pick<Config, 'AD_AFTER_MESSAGES' | 'ADS_SNIPPET_FILE'>): AdsSetup {
  const file = config.ADS_SNIPPET_FILE;
  if (file === undefined) {
    return { afterMessages: config.AD_AFTER_MESSAGES, snippet: null, scriptHashes: [] };
  }
  let snippet: string;
  try {
    snippet = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(
      `Configuration error: ADS_SNIPPET_FILE=${file} cannot be read; expected an HTML file.`,
    );
  }
  if (snippet.trim() === '' || Buffer.byteLength(snippet) > maxSnippetBytes) {
    throw new ConfigError(
      `Configuration error: ADS_SNIPPET_FILE=${file} is not valid; expected an HTML file of 1 to ${String(maxSnippetBytes)} bytes.`,
    );
  }
  return {
    afterMessages: config.AD_AFTER_MESSAGES,
    snippet,
    scriptHashes: inlineScriptHashes(snippet),
  };
}

/** What the caller's chat needs: the snippet only for callers holding display_ads. */
export function adSettingsFor(ads: AdsSetup, permissions: readonly Permission[]): AdSettings {
  const displayAds = displaysAds(permissions);
  return {
    displayAds,
    afterMessages: ads.afterMessages,
    snippet: displayAds ? ads.snippet : null,
  };
}
