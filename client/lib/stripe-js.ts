/**
 * Stripe.js, loaded once from where the server says (STRIPE_JS_URL: Stripe's own, or a local peer in
 * tests), typed as far as the checkout uses it: a card Element, and a PaymentMethod made from it in
 * the browser. The card's digits stay inside Stripe's Element; we only ever see the PaymentMethod id.
 */

export interface StripeChangeEvent {
  complete: boolean;
  empty: boolean;
  error?: { message?: string };
}

export interface StripeElementStyle {
  base: { color: string; fontFamily: string; fontSize: string };
}

export interface StripeCardElement {
  mount: (target: HTMLElement) => void;
  update: (options: { style: StripeElementStyle }) => void;
  on: (event: 'change', handler: (event: StripeChangeEvent) => void) => void;
  focus: () => void;
  destroy: () => void;
}

export interface StripeBillingDetails {
  name: string;
  email: string;
  address: { country: string; state: string; postal_code: string };
}

export interface StripeJs {
  elements: () => {
    create: (
      type: 'card',
      options: { hidePostalCode: boolean; style: StripeElementStyle },
    ) => StripeCardElement;
  };
  createPaymentMethod: (params: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: StripeBillingDetails;
  }) => Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const loading = new Map<string, Promise<StripeJs>>();

/** Stripe.js for this key, loading the script the first time (a failed load is tried again next time). */
export function loadStripe(scriptUrl: string, publishableKey: string): Promise<StripeJs> {
  const key = `${scriptUrl} ${publishableKey}`;
  const known = loading.get(key);
  if (known !== undefined) return known;
  const loaded = new Promise<StripeJs>((resolve, reject) => {
    const ready = () => {
      if (window.Stripe === undefined) reject(new Error('Stripe.js did not load'));
      else resolve(window.Stripe(publishableKey));
    };
    if (window.Stripe !== undefined) {
      ready();
      return;
    }
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Stripe.js did not load'));
    });
    document.head.append(script);
  });
  loaded.catch(() => loading.delete(key));
  loading.set(key, loaded);
  return loaded;
}
