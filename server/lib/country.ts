/**
 * The country a request comes from, by the server's own lookup: the header that a proxy or CDN in front
 * sets on every request (COUNTRY_HEADER, such as cf-ipcountry), never a header the client picks. With
 * COUNTRY_HEADER unset nobody has a country, so age verification is never required by law.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config';

export function countryOf(
  config: Pick<Config, 'COUNTRY_HEADER'>,
  headers: IncomingHttpHeaders,
): string | undefined {
  if (config.COUNTRY_HEADER === undefined) return undefined;
  const value = headers[config.COUNTRY_HEADER];
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
}
