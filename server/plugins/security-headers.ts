/**
 * Security headers on every response (docs/architecture.md, "Security baseline"): a
 * Content-Security-Policy that allows our own origin plus the configured asset and ad origins,
 * `X-Content-Type-Options: nosniff` and `Referrer-Policy`. A small hook rather than @fastify/helmet:
 * three headers and one policy built from our configuration.
 *
 * - Scripts run only from files we serve (no inline script, no eval): an injected `<script>` or
 *   `onclick=` does nothing.
 * - Styles allow 'unsafe-inline': styled-components injects `<style>` tags at run time, React renders
 *   `style` attributes, and so do the queue dashboard, the API docs and the sandbox page. A nonce would
 *   cover the tags but not the attributes, and would make index.html a per-request template instead of
 *   a static file; with scripts locked down, what an injected style can do is small.
 * - `connect-src` names the ws/wss form of PUBLIC_URL besides 'self', for browsers whose 'self' does not
 *   match WebSocket URLs (Socket.IO).
 * - `frame-ancestors` is the same for every page: a page load carries no application id (a partner's
 *   frame passes it in the URL fragment, which never reaches us), so every origin any application in
 *   APPLICATIONS_FILE lists in `embedOrigins` may frame us, and nobody else ('none' without any).
 * - With Stripe, the checkout loads Stripe.js, which calls Stripe's API and shows its frames, and the
 *   3-D Secure page opens in a frame: their origins join script-src, connect-src and frame-src.
 * - The ad slot is a sandboxed srcdoc frame (services/ads.service.ts), which keeps this policy: the
 *   hashes of the operator's snippet's inline scripts join script-src, and only those scripts run.
 */
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** The address people open (PUBLIC_URL); its ws/wss form is allowed for Socket.IO. */
  publicUrl: string;
  /** Where static assets may come from: scripts, styles, images, fonts, media (CSP_ASSET_ORIGINS). */
  assetOrigins: readonly string[];
  /** Where ads come from: scripts, styles, images, frames, beacons (CSP_AD_ORIGINS). */
  adOrigins: readonly string[];
  /** Hashes of the ad snippet's inline scripts: its sandboxed srcdoc frame keeps this policy. */
  adScriptHashes?: readonly string[];
  /** Sites that may show us in a frame (every application's `embedOrigins`). */
  frameAncestors: readonly string[];
  /** What the payment gateway's browser half loads (create-gateway.ts, gatewayOrigins). */
  paymentOrigins: {
    script: readonly string[];
    frame: readonly string[];
    connect: readonly string[];
  };
}

/** The ws:// or wss:// origin matching an http(s) URL. */
function webSocketOrigin(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

export function contentSecurityPolicy(opts: SecurityHeaderOptions): string {
  const assets = opts.assetOrigins;
  const ads = opts.adOrigins;
  const payment = opts.paymentOrigins;
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...assets, ...ads, ...(opts.adScriptHashes ?? []), ...payment.script],
    'style-src': ["'self'", "'unsafe-inline'", ...assets, ...ads],
    // data: for small inline icons (the API docs' stylesheet), blob: for an avatar's preview.
    'img-src': ["'self'", 'data:', 'blob:', ...assets, ...ads],
    'font-src': ["'self'", ...assets],
    'media-src': ["'self'", ...assets],
    'connect-src': ["'self'", webSocketOrigin(opts.publicUrl), ...ads, ...payment.connect],
    'frame-src': ["'self'", ...ads, ...payment.frame],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': opts.frameAncestors.length > 0 ? opts.frameAncestors : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

export function registerSecurityHeaders(
  fastify: FastifyInstance,
  opts: SecurityHeaderOptions,
): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(opts),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  fastify.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });
}
