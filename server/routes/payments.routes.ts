/**
 * Payment routes outside the JSON contracts: gateway webhooks (read as raw bytes, since the signature
 * covers them exactly), the page the 3-D Secure frame returns to (it posts the outcome to the checkout
 * holding the frame), and, when configured, the SANDBOX gateway's and pledge service's own pages (never
 * in production). Those pages may be framed by our own origin only.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { webhookPath } from '../lib/billing/create-gateway';
import { SandboxGateway, sandboxPagesPath } from '../lib/billing/sandbox.gateway';
import { AppError, parseInput } from '../lib/errors';
import { completeThreeDs } from '../services/billing/checkout.service';
import { SandboxPledgeService, sandboxPledgePath } from '../services/billing/pledge/sandbox.pledge';
import { receiveWebhook } from '../services/billing/webhooks.service';
import { toMajor } from '../lib/billing/catalog';
import { formatPrice } from '#shared/rules/plans';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 3-D Secure frame's last page runs this file (no inline script is allowed). */
const postBackScriptPath = '/api/checkout/3ds/post-back.js';
const postBackScript = `(() => {
  const data = document.currentScript.dataset;
  const message = { type: 'charchat:3ds', status: data.status, orderId: data.order, errorMessage: data.error || null };
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  else window.location.replace(data.status === 'success' ? '/checkout/success?order_id=' + encodeURIComponent(data.order) : '/portal');
})();`;

/** Lets our own pages (the checkout, the portal) frame this response, and no one else. */
function framableBySelf(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  void reply.header(
    'content-security-policy',
    policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'"),
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<main style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
${body}
</main></html>`;
}

export function paymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { billing } = deps;

  // Webhooks: the body is kept as the exact bytes the gateway signed.
  void app.register((scope, _opts, registered) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });
    const Params = z.object({ gateway: z.string().regex(/^[a-z]{2,20}$/) });
    scope.post(webhookPath(':gateway'), { schema: { hide: true } }, async (request) => {
      const { gateway } = parseInput(Params, request.params);
      if (!Buffer.isBuffer(request.body)) throw new AppError('webhook_invalid');
      await receiveWebhook(billing, gateway, request.body, request.headers);
      return { received: true };
    });
    registered();
  });

  const ReturnQuery = z.object({ order: z.uuid() });
  app.get('/api/checkout/3ds/return', { schema: { hide: true } }, async (request, reply) => {
    const { order } = parseInput(ReturnQuery, request.query);
    const outcome = await completeThreeDs(billing, order);
    framableBySelf(reply);
    const text =
      outcome.status === 'success'
        ? 'Payment confirmed.'
        : escapeHtml(outcome.errorMessage ?? 'The payment was not completed.');
    return reply
      .type('text/html')
      .send(
        page(
          'Verification',
          `<p>${text}</p><script src="${postBackScriptPath}" data-status="${outcome.status}" data-order="${escapeHtml(order)}" data-error="${outcome.status === 'success' ? '' : text}"></script>`,
        ),
      );
  });

  app.get(postBackScriptPath, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript')
      .header('cache-control', 'public, max-age=3600')
      .send(postBackScript),
  );

  if (billing.gateway instanceof SandboxGateway) sandboxGatewayPages(app, billing.gateway);
  if (billing.pledge instanceof SandboxPledgeService) sandboxPledgePages(app, deps, billing.pledge);
}

function sandboxGatewayPages(app: FastifyInstance, sandbox: SandboxGateway): void {
  const PageParams = z.object({
    page: z.enum(['3ds', 'pay']),
    id: z.string().regex(/^pay_sb_[a-f0-9]{32}$/),
  });
  const PayQuery = z.object({
    plan: z.string().max(100).optional(),
    currency: z.string().max(3).optional(),
    price: z.string().max(20).optional(),
  });

  app.get(`${sandboxPagesPath}/:page/:id`, { schema: { hide: true } }, async (request, reply) => {
    const { page: kind, id } = parseInput(PageParams, request.params);
    const payment = await sandbox.pendingPayment(id);
    if (payment === null) throw new AppError('not_found');
    const amount = escapeHtml(formatPrice(toMajor(payment.amount), payment.currency));
    const action = (verdict: string) => `${sandboxPagesPath}/${kind}/${id}/${verdict}`;
    if (kind === '3ds') {
      framableBySelf(reply);
      return reply.type('text/html').send(
        page(
          'Sandbox 3-D Secure',
          `<h1 style="font-size:1.25rem">Sandbox 3-D Secure</h1>
<p>The development sandbox asks you to confirm a payment of <strong>${amount}</strong>. Nothing is charged.</p>
<form method="post" action="${action('complete')}"><button>Complete authentication</button></form>
<form method="post" action="${action('fail')}" style="margin-top:1rem"><button>Fail authentication</button></form>`,
        ),
      );
    }
    const q = parseInput(PayQuery, request.query);
    const what =
      q.plan === undefined
        ? ''
        : `<p>${escapeHtml(q.plan)} · ${escapeHtml(q.price ?? '')} ${escapeHtml(q.currency ?? '')}</p>`;
    return reply.type('text/html').send(
      page(
        'Sandbox payment',
        `<h1 style="font-size:1.25rem">Sandbox ${escapeHtml(payment.method)} payment</h1>${what}
<p>Pay <strong>${amount}</strong> with the development sandbox. Nothing is charged.</p>
<form method="post" action="${action('complete')}"><button>Pay</button></form>
<form method="post" action="${action('fail')}" style="margin-top:1rem"><button>Cancel</button></form>`,
      ),
    );
  });

  const VerdictParams = PageParams.extend({ verdict: z.enum(['complete', 'fail']) });
  app.post(
    `${sandboxPagesPath}/:page/:id/:verdict`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, verdict } = parseInput(VerdictParams, request.params);
      const decided = await sandbox.decide(id, verdict === 'complete');
      if (decided === null) throw new AppError('not_found');
      return reply.redirect(decided.redirectTo, 303);
    },
  );
}

function sandboxPledgePages(
  app: FastifyInstance,
  deps: AppDeps,
  sandbox: SandboxPledgeService,
): void {
  const origin = new URL(deps.billing.publicUrl).origin;
  const tiers = ['taste', 'supporter', 'all-in'];
  const form = (
    action: string,
    hidden: Record<string, string>,
  ) => `<form method="post" action="${action}">
${Object.entries(hidden)
  .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
  .join('')}
<p><label>Account <input name="account" value="sandbox-fan" required pattern="[a-z0-9-]{3,40}"></label></p>
<p><label>Pledge <select name="tier"><option value="">No pledge</option>${tiers
    .map((t) => `<option value="${t}">${t}</option>`)
    .join('')}</select></label></p>
<button>Continue</button></form>`;

  const AuthorizeQuery = z.object({ state: z.string().min(1).max(128), redirect_url: z.url() });
  app.get(`${sandboxPledgePath}/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const q = parseInput(AuthorizeQuery, request.query);
    return reply
      .type('text/html')
      .send(
        page(
          'Sandbox pledge service',
          `<h1 style="font-size:1.25rem">Sandbox pledge service</h1><p>Sign in as a sandbox account and choose its pledge. Nothing is charged.</p>${form(`${sandboxPledgePath}/authorize`, q)}`,
        ),
      );
  });

  const Choice = z.object({
    account: z.string().regex(/^[a-z0-9-]{3,40}$/),
    tier: z.union([z.enum(tiers), z.literal('')]),
  });
  // Form posts are parsed by the app's urlencoded parser (routes/oauth.routes.ts).
  app.post(`${sandboxPledgePath}/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const input = parseInput(Choice.extend(AuthorizeQuery.shape), request.body);
    const back = new URL(input.redirect_url);
    // Only back to this site: the sandbox is no open redirect.
    if (back.origin !== origin) throw new AppError('validation_failed', { field: 'redirect_url' });
    const code = await sandbox.issueCode(input.account, input.tier === '' ? null : input.tier);
    back.searchParams.set('code', code);
    back.searchParams.set('state', input.state);
    return reply.redirect(back.toString(), 303);
  });
  app.post(`${sandboxPledgePath}/transient`, { schema: { hide: true } }, async (request, reply) => {
    const input = parseInput(Choice, request.body);
    const id = await sandbox.issueTransient(input.account, input.tier === '' ? null : input.tier);
    return reply.redirect(`/link/subscribestar/${id}`, 303);
  });

  app.get(`${sandboxPledgePath}/transient`, { schema: { hide: true } }, (_request, reply) => {
    void reply
      .type('text/html')
      .send(
        page(
          'Sandbox pledge service',
          `<h1 style="font-size:1.25rem">Sandbox pledge service</h1><p>Link your pledge from the service's side: choose an account and pledge, and you are sent to this site with a one-time link.</p>${form(`${sandboxPledgePath}/transient`, {})}`,
        ),
      );
  });
}
