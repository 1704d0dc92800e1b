/**
 * The checkout (product-rules.md §2 /checkout, §4 "Checkout (card)", §5): personal info, payment
 * method, order summary. This component owns what is typed; the plan is the page's (the URL), the
 * totals are the server's (use-calculation.ts), paying is use-checkout-submit.ts's.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import styled from 'styled-components';
import {
  checkoutDebounceMs,
  normalisePostalCode,
  type BillingDetails,
} from '#shared/rules/checkout';
import type { Plan, PurchaseOptions } from '#shared/schemas/billing';
import { ErrorState } from '../../../components/state-panel';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadCountries, loadStates, logAbandon, tokeniseCard } from '../api';
import {
  canSubmit,
  emptyCard,
  emptyPersonal,
  isCardComplete,
  personalErrors,
  type CardFields,
  type PersonalField,
  type PersonalFields,
} from '../form';
import { useCalculation } from '../hooks/use-calculation';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { OrderSummary } from './order-summary';
import { PaymentMethodSection } from './payment-method';
import { PersonalInfo } from './personal-info';
import type { StripeCard } from '../../../components/stripe-card-field';
import { ThreeDsDialog } from './three-ds-dialog';

interface CheckoutScreenProps {
  options: PurchaseOptions;
  plan: Plan;
  onPlanChange: (planId: string) => void;
  initialCoupon: string;
  memberEmail: string | null;
}

export function CheckoutScreen({
  options,
  plan,
  onPlanChange,
  initialCoupon,
  memberEmail,
}: CheckoutScreenProps) {
  const { api } = useServices();
  const [personal, setPersonal] = useState<PersonalFields>({
    ...emptyPersonal,
    email: memberEmail ?? '',
  });
  // The member's email fills the field once known (GET /api/me may answer after the page opened).
  const [knownEmail, setKnownEmail] = useState(memberEmail);
  if (memberEmail !== knownEmail) {
    setKnownEmail(memberEmail);
    if (memberEmail !== null) {
      setPersonal((p) => (p.email === '' ? { ...p, email: memberEmail } : p));
    }
  }
  const [touched, setTouched] = useState<ReadonlySet<PersonalField>>(new Set());
  const { cardForm } = options;
  const firstMethod =
    options.paymentMethods.find((m) => m.kind === 'card' && cardForm.kind !== 'none') ??
    options.paymentMethods.find((m) => m.kind === 'redirect');
  const [method, setMethod] = useState(firstMethod?.code ?? '');
  const [card, setCard] = useState<CardFields>(emptyCard);
  // With Stripe the card is Stripe's Element's: this is what it last told.
  const [stripeCard, setStripeCard] = useState<StripeCard | null>(null);
  // Null until the member picks: the saved card then, unless a new card was typed meanwhile.
  const [savedCardChoice, setSavedCardChoice] = useState<boolean | null>(null);
  const [coupon, setCoupon] = useState(initialCoupon);
  const [hasAgreed, setHasAgreed] = useState(false);
  const submitting = useCheckoutSubmit();

  const countries = useQuery('checkout-countries', (signal) => loadCountries(api, signal));
  const country =
    countries.status === 'success'
      ? countries.data.find((c) => c.iso2 === personal.country)
      : undefined;
  const states = useQuery(
    `checkout-states:${country?.hasStates === true ? country.iso2 : ''}`,
    (signal) =>
      country?.hasStates === true ? loadStates(api, country.iso2, signal) : Promise.resolve([]),
  );
  const stateList = states.status === 'success' ? states.data : null;
  const hasStates = country?.hasStates === true;

  const [debouncedEmail, settleEmail] = useDebouncedValue(personal.email, checkoutDebounceMs);
  const [debouncedPostal, settlePostal] = useDebouncedValue(
    personal.postalCode,
    checkoutDebounceMs,
  );
  const [debouncedCoupon] = useDebouncedValue(coupon, checkoutDebounceMs);

  const calc = useCalculation({
    planId: plan.planId,
    offerId: plan.offerId,
    email: debouncedEmail.trim(),
    country: personal.country,
    state: personal.state,
    postalCode: normalisePostalCode(debouncedPostal),
    promoCode: debouncedCoupon.trim(),
    platform: 'web',
  });
  const onFile = calc.calculation?.onFile ?? null;
  const savedCard = onFile?.creditCard ?? null;

  // The details of an earlier purchase fill a form nobody has typed in yet.
  const hasPrefilled = useRef(false);
  useEffect(() => {
    if (onFile === null || hasPrefilled.current) return;
    hasPrefilled.current = true;
    setPersonal((p) =>
      p.firstName === '' && p.lastName === '' && p.country === ''
        ? {
            firstName: onFile.firstName,
            lastName: onFile.lastName,
            email: p.email === '' ? onFile.email : p.email,
            country: onFile.country,
            state: onFile.state,
            postalCode: onFile.postalCode,
          }
        : p,
    );
  }, [onFile]);

  // Leaving before a purchase was started is logged as an abandon (product-rules.md §4).
  const abandon = useRef({ planId: plan.planId, hasStarted: submitting.hasStarted });
  useEffect(() => {
    abandon.current = { planId: plan.planId, hasStarted: submitting.hasStarted };
  });
  useEffect(
    () => () => {
      if (!abandon.current.hasStarted) void logAbandon(api, abandon.current.planId).catch(() => {});
    },
    [api],
  );

  const errors = personalErrors(personal, hasStates);
  const debouncedErrors = personalErrors(
    { ...personal, email: debouncedEmail, postalCode: debouncedPostal },
    hasStates,
  );
  const shownErrors: Record<PersonalField, string | null> = {
    firstName: touched.has('firstName') ? errors.firstName : null,
    lastName: touched.has('lastName') ? errors.lastName : null,
    country: touched.has('country') ? errors.country : null,
    state: touched.has('state') ? errors.state : null,
    email: touched.has('email') || debouncedEmail !== '' ? debouncedErrors.email : null,
    postalCode:
      touched.has('postalCode') || debouncedPostal !== '' ? debouncedErrors.postalCode : null,
  };

  const chosenMethod = options.paymentMethods.find((m) => m.code === method);
  const isNewCardEmpty =
    cardForm.kind === 'stripe'
      ? (stripeCard?.empty ?? true)
      : card.number === '' && card.exp === '' && card.cvc === '';
  const isNewCardComplete =
    cardForm.kind === 'stripe' ? stripeCard?.complete === true : isCardComplete(card, new Date());
  const useSavedCard = savedCardChoice ?? isNewCardEmpty;
  const paysBySavedCard = savedCard !== null && useSavedCard;
  const isCardReady = paysBySavedCard || isNewCardComplete;
  const hasPayment =
    chosenMethod?.kind === 'redirect' || (chosenMethod?.kind === 'card' && isCardReady);
  const couponError =
    calc.calculation?.discounts.find((d) => !d.valid && d.error !== null)?.error ?? null;
  const calcError = calc.error === null ? null : errorText(calc.error);
  const summaryError = submitting.error ?? calcError;
  const isSubmittable = canSubmit({
    errors,
    hasPayment,
    submitError: submitting.error,
    hasAgreed,
    isProcessing: submitting.isProcessing,
  });

  const change = (field: PersonalField, value: string) => {
    submitting.clearError();
    setPersonal((p) =>
      field === 'country' ? { ...p, country: value, state: '' } : { ...p, [field]: value },
    );
  };
  const blur = (field: PersonalField) => {
    if (field === 'email') settleEmail();
    if (field === 'postalCode') settlePostal();
    setTouched((t) => new Set(t).add(field));
  };

  /** The new card's token, made by the gateway's card form. */
  const tokeniseNewCard = (details: BillingDetails) => {
    if (cardForm.kind !== 'stripe') return () => tokeniseCard(api, card);
    const tokenise = stripeCard?.tokenise;
    if (tokenise === undefined) return () => Promise.reject(new Error('no card form'));
    return () =>
      tokenise({
        name: `${details.firstName} ${details.lastName}`,
        email: details.email,
        address: {
          country: details.country,
          state: details.state,
          postal_code: details.postalCode,
        },
      });
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!isSubmittable || chosenMethod === undefined) return;
    const details: BillingDetails = {
      firstName: personal.firstName.trim(),
      lastName: personal.lastName.trim(),
      email: personal.email.trim().toLowerCase(),
      country: personal.country,
      state: hasStates ? personal.state : '',
      postalCode: normalisePostalCode(personal.postalCode),
    };
    void submitting.submit(
      { details, planId: plan.planId, offerId: plan.offerId, promoCode: coupon.trim() },
      chosenMethod.kind === 'redirect'
        ? { kind: 'redirect', provider: chosenMethod.code }
        : { kind: 'card', tokenise: paysBySavedCard ? null : tokeniseNewCard(details) },
    );
  };

  if (countries.status === 'loading') return <Spinner label="Loading the checkout" />;
  if (countries.status === 'error') return <ErrorState onRetry={countries.retry} />;
  return (
    <Layout onSubmit={onSubmit} noValidate aria-label="Checkout">
      <Main>
        <PersonalInfo
          fields={personal}
          errors={shownErrors}
          countries={countries.data}
          states={hasStates ? (stateList ?? []) : null}
          onChange={change}
          onBlur={blur}
        />
        <PaymentMethodSection
          methods={options.paymentMethods}
          cardForm={cardForm}
          method={method}
          onMethodChange={(code) => {
            submitting.clearError();
            setMethod(code);
          }}
          card={card}
          onCardChange={(next) => {
            submitting.clearError();
            setCard(next);
          }}
          onStripeCardChange={(next) => {
            submitting.clearError();
            setStripeCard(next);
          }}
          savedCard={savedCard}
          useSavedCard={useSavedCard}
          onUseSavedCardChange={setSavedCardChoice}
          cardError={submitting.cardError}
        />
      </Main>
      <Aside>
        <OrderSummary
          plans={options.options}
          plan={plan}
          onPlanChange={(planId) => {
            submitting.clearError();
            onPlanChange(planId);
          }}
          coupon={coupon}
          onCouponChange={(value) => {
            submitting.clearError();
            setCoupon(value);
          }}
          couponError={couponError}
          calculation={calc.calculation}
          isCalculating={calc.isLoading}
          hasAgreed={hasAgreed}
          onAgreedChange={setHasAgreed}
          canSubmit={isSubmittable}
          isProcessing={submitting.isProcessing}
          error={summaryError}
        />
      </Aside>
      {submitting.threeDs !== null && (
        <ThreeDsDialog
          url={submitting.threeDs.url}
          orderId={submitting.threeDs.orderId}
          onDone={submitting.finishThreeDs}
        />
      )}
    </Layout>
  );
}

const Layout = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Aside = styled.div`
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    position: sticky;
    top: calc(${({ theme }) => theme.size.headerHeight} + ${({ theme }) => theme.space.lg});
  }
`;
