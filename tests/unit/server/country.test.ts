import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { countryOf } from '#server/lib/country';

describe('countryOf', () => {
  it('knows no country without COUNTRY_HEADER, whatever the client sends', () => {
    const config = loadConfig({});
    expect(countryOf(config, { 'cf-ipcountry': 'GB', 'x-country': 'GB' })).toBeUndefined();
  });

  it('reads only the configured header, as an upper-case ISO code', () => {
    const config = loadConfig({ COUNTRY_HEADER: 'CF-IPCountry' });
    expect(countryOf(config, { 'cf-ipcountry': 'gb' })).toBe('GB');
    expect(countryOf(config, { 'x-country': 'GB' })).toBeUndefined();
    expect(countryOf(config, { 'cf-ipcountry': 'XX1' })).toBeUndefined();
    expect(countryOf(config, { 'cf-ipcountry': ['GB', 'FR'] })).toBeUndefined();
  });
});
