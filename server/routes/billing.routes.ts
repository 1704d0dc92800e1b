/** Plans, checkout, the subscription portal and pledge linking (shared/api/billing.ts). */
import type { FastifyInstance } from 'fastify';
import {
  actOnSubscription,
  calculateCheckout,
  finishPledgeLink,
  getCryptoLink,
  getOrder,
  getPurchaseOptions,
  linkPledgeTransient,
  listCountries,
  listPlans,
  listStates,
  listSubscriptions,
  logCheckoutAbandon,
  payAlternative,
  startPledgeLink,
  subscribeByCard,
  tokeniseSandboxCard,
} from '#shared/api/billing';
import type { AppDeps } from '../app-deps';
import { CardRejectedError } from '../lib/billing/gateway';
import { SandboxGateway } from '../lib/billing/sandbox.gateway';
import { AppError } from '../lib/errors';
import { addRoute } from '../lib/route';
import * as checkout from '../services/billing/checkout.service';
import * as locations from '../services/billing/locations';
import * as portal from '../services/billing/portal.service';
import * as pledge from '../services/billing/pledge-link.service';

export function billingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { billing } = deps;

  addRoute(app, getPurchaseOptions, ({ query }) =>
    Promise.resolve(checkout.purchaseOptions(billing, query.offerId)),
  );

  addRoute(app, listPlans, ({ query }) =>
    Promise.resolve({ plans: checkout.plansOf(billing, query.frequency, query.offerId) }),
  );

  addRoute(app, listCountries, () => Promise.resolve({ countries: locations.listCountries() }));

  addRoute(app, listStates, ({ params }) => {
    const states = locations.statesOf(params.country);
    if (states === undefined) throw new AppError('not_found');
    return Promise.resolve({ states });
  });

  addRoute(app, calculateCheckout, async ({ caller, body }) =>
    checkout.calculate(billing, caller, body),
  );

  addRoute(app, subscribeByCard, async ({ caller, body }) =>
    checkout.subscribeByCard(billing, caller, body),
  );

  addRoute(app, payAlternative, async ({ caller, params, body }) =>
    checkout.payAlternative(billing, caller, params.provider, body),
  );

  addRoute(app, getOrder, async ({ caller, params }) =>
    checkout.orderOf(billing, caller, params.id),
  );

  addRoute(app, logCheckoutAbandon, ({ caller, body, request }) => {
    request.log.info({ userId: caller.userId, planId: body.planId }, 'checkout abandoned');
    return Promise.resolve({ ok: true as const });
  });

  addRoute(app, getCryptoLink, async ({ caller, query }) => ({
    url: await checkout.cryptoLink(billing, caller, query.planId),
  }));

  addRoute(app, tokeniseSandboxCard, async ({ body }) => {
    if (!(billing.gateway instanceof SandboxGateway)) throw new AppError('not_found');
    try {
      return await billing.gateway.tokenise(body);
    } catch (err) {
      if (err instanceof CardRejectedError) {
        throw new AppError('payment_card_invalid', { field: 'number', cause: err });
      }
      throw err;
    }
  });

  addRoute(app, listSubscriptions, async ({ caller }) => ({
    items: await portal.listSubscriptions(billing, caller),
  }));

  addRoute(app, actOnSubscription, async ({ caller, body }) =>
    portal.actOnSubscription(billing, caller, body),
  );

  addRoute(app, startPledgeLink, async ({ caller, query }) => ({
    url: await pledge.startLink(billing, caller, query.redirectUrl),
  }));

  addRoute(app, finishPledgeLink, async ({ caller, query }) =>
    pledge.finishLink(billing, caller, query),
  );

  addRoute(app, linkPledgeTransient, async ({ caller, params }) =>
    pledge.linkTransient(billing, caller, params.transientId),
  );
}
