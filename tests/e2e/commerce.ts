/**
 * The commerce file of the e2e product: what content/commerce.json ships, with its sale's window moved
 * to run from yesterday for a month, so the sale journey (checkout.spec.ts) does not end with the
 * shipped sale's dates.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const dayMs = 24 * 60 * 60 * 1000;

const ShippedSchema = z.looseObject({ offers: z.array(z.looseObject({ id: z.string() })) });

export function writeCommerce(): string {
  const shipped = ShippedSchema.parse(
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../content/commerce.json'), 'utf8'),
    ),
  );
  const now = Date.now();
  const offers = shipped.offers.map((offer) =>
    offer.id === 'sale'
      ? {
          ...offer,
          startsAt: new Date(now - dayMs).toISOString(),
          endsAt: new Date(now + 30 * dayMs).toISOString(),
        }
      : offer,
  );
  const file = path.join(
    mkdtempSync(path.join(tmpdir(), 'charchat-e2e-commerce-')),
    'commerce.json',
  );
  writeFileSync(file, JSON.stringify({ ...shipped, offers }));
  return file;
}
