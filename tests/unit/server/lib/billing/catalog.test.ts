import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalog } from '#server/lib/billing/catalog';

const shipped = path.resolve(import.meta.dirname, '../../../../../content/commerce.json');

function withFile(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'commerce-'));
  const file = path.join(dir, 'commerce.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('loadCatalog', () => {
  it('reads the shipped plans with the spec prices, in minor units', () => {
    const catalog = loadCatalog(shipped);
    expect(catalog.plan('minimal-1y')).toMatchObject({
      price: 5000,
      listPrice: 6000,
      name: 'Get a Taste',
    });
    expect(catalog.plan('basic-1m')).toMatchObject({ price: 1500, name: 'True Supporter' });
    expect(catalog.plan('basic-1y')).toMatchObject({ price: 14999, listPrice: 18000 });
    expect(catalog.plan('premium-1m')).toMatchObject({ price: 2499, name: 'I’m All In' });
    expect(catalog.plan('premium-1y')).toMatchObject({ price: 24999, listPrice: 30000 });
    expect(catalog.plan('basic-1y-sale')).toMatchObject({ price: 11000, offerId: 'sale' });
  });

  it('sells a time-boxed offer only inside its window', () => {
    const catalog = loadCatalog(shipped);
    const sale = catalog.offers.find((o) => o.id === 'sale');
    expect(sale?.startsAt).not.toBeNull();
    const inside = new Date((sale?.startsAt?.getTime() ?? 0) + 1000);
    const after = sale?.endsAt ?? new Date();
    expect(catalog.offer('sale', inside)?.id).toBe('sale');
    expect(catalog.offer('sale', after)).toBeUndefined();
    expect(catalog.offer('standard', after)?.id).toBe('standard');
  });

  it('takes a region rate over its country rate, and 0 where none is given', () => {
    const base = z.record(z.string(), z.unknown()).parse(JSON.parse(readFileSync(shipped, 'utf8')));
    const catalog = loadCatalog(
      withFile({
        ...base,
        taxRates: [
          { country: 'US', rate: 0 },
          { country: 'US', state: 'WA', rate: 6.5 },
          { country: 'DE', rate: 19 },
        ],
      }),
    );
    expect(catalog.taxRate('US', 'WA')).toBe(6.5);
    expect(catalog.taxRate('US', 'CA')).toBe(0);
    expect(catalog.taxRate('DE', 'BE')).toBe(19);
    expect(catalog.taxRate('JP', '')).toBe(0);
  });

  it('stops with one line naming the file and what is wrong', () => {
    expect(() => loadCatalog(withFile('{ not json'))).toThrow(/^COMMERCE_FILE .*commerce\.json: /);
    expect(() => loadCatalog(withFile({ offers: [] }))).toThrow(/COMMERCE_FILE .*tiers/);
    const base = z
      .object({ offers: z.array(z.record(z.string(), z.unknown())) })
      .loose()
      .parse(JSON.parse(readFileSync(shipped, 'utf8')));
    const twice = { ...base, offers: [base.offers[0], { ...base.offers[0], id: 'again' }] };
    expect(() => loadCatalog(withFile(twice))).toThrow(/listed twice/);
  });
});
