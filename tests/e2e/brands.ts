/**
 * The brands the e2e product serves (issue 25 part 3): the default one on 127.0.0.1, a second brand on
 * `localhost` (the same server, chosen by host name), and a partner site whose page on another origin
 * frames the product and hands it the tokens it signs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';

export const brandHost = 'localhost';
export const brandName = 'Moonlit';
/** The brand's accents: the light one as the browser reports a background in it. */
export const brandAccent = { light: '#0a7d4f', dark: '#5fe0a8', lightRgb: 'rgb(10, 125, 79)' };
export const brandAndroidUrl = 'https://downloads.moonlit.test/moonlit.apk';
export const partnerId = 'partner-e2e';
const partnerSecret = 'e2e-partner-shared-secret-of-32-chars-at-least';
const partnerPageEnv = 'E2E_PARTNER_PAGE_URL';

/** The applications file of the e2e product: both brands and the partner framed from `partnerOrigin`. */
export function writeApplications(partnerOrigin: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'charchat-e2e-apps-')), 'apps.json');
  writeFileSync(
    file,
    JSON.stringify([
      { id: 'charchat', name: 'CharChat' },
      {
        id: 'moonlit',
        name: brandName,
        hosts: [brandHost],
        logoUrl: '/favicon.svg',
        colors: { light: brandAccent.light, dark: brandAccent.dark },
        socialLinks: [
          { network: 'discord', url: 'https://discord.moonlit.test' },
          { network: 'reddit', url: 'https://reddit.moonlit.test' },
        ],
        mobileApplications: [{ type: 'android', download_url: brandAndroidUrl }],
        sectionsOff: ['subscriptions'],
      },
      {
        id: partnerId,
        name: 'Partner Place',
        partner: { secret: partnerSecret },
        embedOrigins: [partnerOrigin],
        colors: { light: '#9c2a6b' },
        branding: {
          customerSupportUrl: 'https://help.partner.test',
          footerBottomLineHtml:
            '<b>Partner Place</b> is run by Partner Ltd. <img src=x onerror="document.title=1"><script>document.title=2</script>',
        },
        navEntries: [
          { label: 'Partner Help', url: 'https://help.partner.test/faq', permission: 'view_help' },
          { label: 'Staff Tools', url: '/admin', permission: 'create_user_external' },
        ],
      },
    ]),
  );
  return file;
}

/**
 * The partner's page: `/?token=…&path=/…` frames the product at `path` with the token in the fragment,
 * and answers the product's token requests with the same token.
 */
export async function startPartnerPage(
  productOrigin: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://partner');
    const token = url.searchParams.get('token') ?? '';
    const target = url.searchParams.get('path') ?? '/';
    const src = `${productOrigin}${target}#partner_token=${encodeURIComponent(token)}&application_id=${partnerId}`;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Partner Place</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style></head>
<body><iframe title="Partner Place chat" src="${src}"></iframe><script>
const token = ${JSON.stringify(token)};
window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(productOrigin)}) return;
  if (event.data && event.data.type === 'charchat:partner-token-request') {
    event.source.postMessage({ type: 'charchat:partner-token', token }, event.origin);
  }
});
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port =
    address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : 0;
  const url = `http://127.0.0.1:${port}`;
  process.env[partnerPageEnv] = url;
  return {
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The partner page framing the product at `path`, signed in as a new partner member. */
export async function partnerPageUrl(path: string, externalId: string): Promise<string> {
  const base = process.env[partnerPageEnv];
  if (base === undefined)
    throw new Error(`${partnerPageEnv} is not set; run through e2e global setup`);
  const token = await new SignJWT({ external_id: externalId, name: 'Pat Partner' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(new TextEncoder().encode(partnerSecret));
  return `${base}/?${new URLSearchParams({ token, path }).toString()}`;
}
