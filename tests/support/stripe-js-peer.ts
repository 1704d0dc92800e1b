/**
 * The subset of Stripe.js (https://js.stripe.com/v3/) our checkout uses, served by the local Stripe
 * peer (stripe-peer.ts) so the browser half of a Stripe payment runs here with nothing from the
 * internet: `Stripe(publishableKey)`, `elements().create('card', { style })` with `mount`, `update`,
 * `on('change')`, `focus` and `destroy`, and `createPaymentMethod({ type: 'card', card, billing_details })`, which posts
 * the card to the peer's `/v1/payment_methods` with the publishable key, as Stripe.js does, and
 * answers `{ paymentMethod }` or `{ error }`.
 *
 * The card fields are Stripe's: one labelled input each for the number, the expiry (MM / YY) and the
 * CVC, with Stripe's messages for an incomplete or invalid card.
 */

/** The script, for a peer whose API answers at `apiUrl`. */
export function stripeJsSource(apiUrl: string): string {
  return `(() => {
  const api = ${JSON.stringify(apiUrl)};
  const digits = (s) => s.replace(/\\D/g, '');
  const luhn = (n) => {
    let sum = 0;
    [...n].reverse().forEach((c, i) => {
      let d = Number(c);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    });
    return sum % 10 === 0;
  };
  /** Stripe's message for what is wrong with the card, or null when it is complete and valid. */
  const problem = (f) => {
    const number = digits(f.number.value);
    const exp = digits(f.exp.value);
    const cvc = digits(f.cvc.value);
    if (number.length < 13) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (!luhn(number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
    if (exp.length < 4) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    const month = Number(exp.slice(0, 2));
    const year = 2000 + Number(exp.slice(2, 4));
    const now = new Date();
    if (month < 1 || month > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
    if (cvc.length < 3) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    return null;
  };
  const cardElement = (options) => {
    const handlers = [];
    const box = document.createElement('div');
    box.setAttribute('data-stripe-element', 'card');
    box.style.cssText = 'display:grid;grid-template-columns:2fr 1fr 1fr;gap:8px';
    const input = (label, placeholder, autocomplete) => {
      const el = document.createElement('input');
      el.setAttribute('aria-label', label);
      el.placeholder = placeholder;
      el.autocomplete = autocomplete;
      el.inputMode = 'numeric';
      el.style.cssText = 'min-width:0;padding:8px;font:inherit;color:inherit;background:transparent;border:1px solid currentColor;border-radius:4px';
      box.append(el);
      return el;
    };
    const f = {
      number: input('Card number', '1234 1234 1234 1234', 'cc-number'),
      exp: input('Expiration date MM / YY', 'MM / YY', 'cc-exp'),
      cvc: input('CVC', 'CVC', 'cc-csc'),
    };
    const changed = () => {
      const p = problem(f);
      const empty = !f.number.value && !f.exp.value && !f.cvc.value;
      const event = { elementType: 'card', empty, complete: p === null, error: undefined };
      // Stripe.js names an error only for what is wrong, not for what is still being typed.
      if (p !== null && !p.code.startsWith('incomplete')) event.error = { type: 'validation_error', ...p };
      handlers.forEach((h) => h(event));
    };
    Object.values(f).forEach((el) => el.addEventListener('input', changed));
    const styled = (style) => {
      Object.values(f).forEach((el) => { el.style.color = (style && style.base && style.base.color) || ''; });
    };
    styled(options && options.style);
    return {
      fields: f,
      problem: () => problem(f),
      mount: (target) => {
        (typeof target === 'string' ? document.querySelector(target) : target).append(box);
      },
      update: (next) => styled(next && next.style),
      on: (name, handler) => { if (name === 'change') handlers.push(handler); },
      focus: () => f.number.focus(),
      destroy: () => box.remove(),
    };
  };
  window.Stripe = (key) => ({
    elements: () => ({
      create: (type, options) => {
        if (type !== 'card') throw new Error('This Stripe.js peer makes card elements only.');
        return cardElement(options);
      },
    }),
    createPaymentMethod: async ({ type, card, billing_details }) => {
      const p = card.problem();
      if (p !== null) return { error: { type: 'validation_error', ...p } };
      const exp = digits(card.fields.exp.value);
      const form = new URLSearchParams({
        type,
        'card[number]': digits(card.fields.number.value),
        'card[exp_month]': String(Number(exp.slice(0, 2))),
        'card[exp_year]': String(2000 + Number(exp.slice(2, 4))),
        'card[cvc]': digits(card.fields.cvc.value),
        key,
      });
      const flat = (prefix, value) => {
        if (value === null || value === undefined) return;
        if (typeof value === 'object') Object.entries(value).forEach(([k, v]) => flat(prefix + '[' + k + ']', v));
        else form.append(prefix, String(value));
      };
      flat('billing_details', billing_details);
      const res = await fetch(api + '/v1/payment_methods', { method: 'POST', body: form });
      const body = await res.json();
      return res.ok ? { paymentMethod: body } : { error: body.error };
    },
  });
})();
`;
}
