/**
 * The payer's name and address (shared/rules/checkout.ts, BillingDetails): an order keeps them as
 * charged, a billing profile for the next charge. One mapping to the columns both tables share.
 */
import type { BillingDetails } from '#shared/rules/checkout';
import type { OrderRow } from '../tables';

/** The columns of orders and billing_profiles that hold it. */
type AddressColumns = Pick<
  OrderRow,
  'first_name' | 'last_name' | 'email' | 'country' | 'state' | 'postal_code'
>;

export function addressOf(row: AddressColumns): BillingDetails {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    country: row.country,
    state: row.state,
    postalCode: row.postal_code,
  };
}

export function addressColumns(address: BillingDetails): AddressColumns {
  return {
    first_name: address.firstName,
    last_name: address.lastName,
    email: address.email,
    country: address.country,
    state: address.state,
    postal_code: address.postalCode,
  };
}
