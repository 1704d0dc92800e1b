/**
 * The checkout form's rules as pure functions (product-rules.md §5 "Checkout"): each field's message,
 * the card check before tokenising, and when Submit is enabled. The wording is shared/rules/checkout.ts's.
 */
import {
  type BillingDetails,
  checkoutLimits,
  checkoutMessages,
  isValidEmail,
  isValidPostalCode,
  normalisePostalCode,
  parseExpiry,
  postalCodeMessage,
} from '#shared/rules/checkout';

/** The personal fields as typed: the billing details the server keeps. */
export type PersonalFields = BillingDetails;

export type PersonalField = keyof PersonalFields;

export interface CardFields {
  number: string;
  exp: string;
  cvc: string;
}

export const emptyPersonal: PersonalFields = {
  firstName: '',
  lastName: '',
  email: '',
  country: '',
  state: '',
  postalCode: '',
};

export const emptyCard: CardFields = { number: '', exp: '', cvc: '' };

function nameError(value: string): string | null {
  const name = value.trim();
  if (name.length === 0) return checkoutMessages.required;
  if (name.length > checkoutLimits.name) {
    return `At most ${String(checkoutLimits.name)} characters`;
  }
  return null;
}

/** Each personal field's message, or null when it is fine; `hasStates`: the country has states. */
export function personalErrors(
  fields: PersonalFields,
  hasStates: boolean,
): Record<PersonalField, string | null> {
  const postal = normalisePostalCode(fields.postalCode);
  return {
    firstName: nameError(fields.firstName),
    lastName: nameError(fields.lastName),
    email: isValidEmail(fields.email.trim()) ? null : checkoutMessages.email,
    country: fields.country === '' ? checkoutMessages.required : null,
    state: hasStates && fields.state === '' ? checkoutMessages.required : null,
    postalCode:
      fields.country === '' || isValidPostalCode(fields.country, postal)
        ? null
        : postalCodeMessage(fields.country),
  };
}

/** Luhn's checksum, which every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's digits without the spaces and hyphens people type. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** Whether the card looks payable: a 13–19 digit number passing Luhn, a future expiry, a CVC. */
export function isCardComplete(card: CardFields, now: Date): boolean {
  const digits = cardDigits(card.number);
  return (
    /^\d{13,19}$/.test(digits) &&
    passesLuhn(digits) &&
    parseExpiry(card.exp, now) !== null &&
    /^\d{3,4}$/.test(card.cvc.trim())
  );
}

/** A card number grouped in fours as it is typed. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Submit is enabled only when every rule of §5 holds. */
export function canSubmit(s: {
  errors: Record<PersonalField, string | null>;
  hasPayment: boolean;
  submitError: string | null;
  hasAgreed: boolean;
  isProcessing: boolean;
}): boolean {
  return (
    s.hasPayment &&
    s.submitError === null &&
    s.hasAgreed &&
    !s.isProcessing &&
    Object.values(s.errors).every((e) => e === null)
  );
}
