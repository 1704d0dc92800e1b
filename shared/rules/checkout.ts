/**
 * Checkout validation (product-rules.md §5 "Checkout", §9 timers): names, email, postal codes by country
 * with their labels, the coupon and card messages. The form and the server judge with these same rules.
 */
import { z } from 'zod';

export const checkoutLimits = {
  name: 30,
  postalCode: 16,
  email: 320,
  /** Coupon codes as operators write them. */
  coupon: 40,
} as const;

/** The email and postal code checks wait this long after the last keystroke. */
export const checkoutDebounceMs = 600;

/** The success page and a plan change refresh the session after this long, so the new tier applies. */
export const tokenRefreshDelayMs = 5_000;

/** Thanks-for-subscribing pages move on after this long. */
export const thanksRedirectMs = 10_000;

export const checkoutMessages = {
  email: 'Invalid email address',
  coupon: 'Invalid coupon',
  card: 'Enter a valid card, expiration date and cvv.',
  required: 'This field is required',
} as const;

const zipCountries: readonly string[] = ['US', 'PH', 'IR'];
const stateCountries: readonly string[] = ['US', 'AU', 'BR', 'IN', 'MX', 'NG', 'DE'];

/** 'Zip' for the United States, the Philippines and Iran, otherwise 'Postal Code'. */
export function postalCodeLabel(country: string): 'Zip' | 'Postal Code' {
  return zipCountries.includes(country) ? 'Zip' : 'Postal Code';
}

/** 'State' where the spec says so, otherwise 'Province'. */
export function stateLabel(country: string): 'State' | 'Province' {
  return stateCountries.includes(country) ? 'State' : 'Province';
}

/** 'Invalid Zip' or 'Invalid Postal Code'. */
export function postalCodeMessage(country: string): string {
  return `Invalid ${postalCodeLabel(country)}`;
}

/** A postal code as stored and checked: trimmed and uppercased. */
export function normalisePostalCode(value: string): string {
  return value.trim().toUpperCase();
}

const postalFormats: Record<string, RegExp> = {
  // Five digits with an optional four.
  US: /^\d{5}(-\d{4})?$/,
  // Letter-digit-letter, then digit-letter-digit.
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
};
/** Everywhere else: letters and digits, with single spaces or hyphens between groups. */
const otherPostalFormat = /^[A-Z0-9]+([ -][A-Z0-9]+)*$/;

/** Whether a (normalised) postal code has its country's format. */
export function isValidPostalCode(country: string, postalCode: string): boolean {
  if (postalCode.length === 0 || postalCode.length > checkoutLimits.postalCode) return false;
  return (postalFormats[country] ?? otherPostalFormat).test(postalCode);
}

const EmailFormat = z.email();

export function isValidEmail(email: string): boolean {
  return email.length <= checkoutLimits.email && EmailFormat.safeParse(email).success;
}

const NameSchema = z
  .string()
  .trim()
  .min(1, checkoutMessages.required)
  .max(checkoutLimits.name, `At most ${String(checkoutLimits.name)} characters`);

/** The personal details of a checkout, as the server checks them whatever the form did. */
export const BillingDetailsSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    email: z.string().trim().toLowerCase().max(checkoutLimits.email, checkoutMessages.email),
    /** ISO 3166-1 alpha-2. */
    country: z.string().regex(/^[A-Z]{2}$/, checkoutMessages.required),
    /** The region's code; empty when the country has none. */
    state: z.string().max(10),
    postalCode: z
      .string()
      .max(checkoutLimits.postalCode, 'Invalid Postal Code')
      .transform(normalisePostalCode),
  })
  .superRefine((d, ctx) => {
    if (!isValidEmail(d.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: checkoutMessages.email });
    }
    if (!isValidPostalCode(d.country, d.postalCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: postalCodeMessage(d.country),
      });
    }
  });
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

/** A coupon as typed: trimmed and uppercased; empty means none. */
export const CouponCodeSchema = z
  .string()
  .trim()
  .max(checkoutLimits.coupon, checkoutMessages.coupon)
  .transform((c) => c.toUpperCase());

/** A card expiry typed as MM/YY or MM/YYYY, as MM/YY; null when it is not one or has passed. */
export function parseExpiry(exp: string, now: Date): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(exp);
  if (match === null) return null;
  const month = Number(match[1]);
  const year = (match[2] ?? '').length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return null;
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** Card brands the checkout takes (product-rules.md §9). */
export const cardBrands = ['visa', 'discover', 'master'] as const;
