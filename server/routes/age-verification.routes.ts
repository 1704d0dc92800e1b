/**
 * Age verification: status and methods, starting a session with the provider, finalizing it from the
 * callback page; plus the SANDBOX provider's own page when the sandbox is configured.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  finalizeAgeVerification,
  getAgeVerification,
  startAgeVerification,
} from '#shared/api/age-verification';
import type { AppDeps } from '../app';
import { AppError, parseInput } from '../lib/errors';
import { addRoute } from '../lib/route';
import * as age from '../services/age-verification/age-verification.service';
import { SandboxAgeVerificationProvider } from '../services/age-verification/sandbox.provider';

/** The country the request comes from: the client's country header, else the CDN's. */
export function countryOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-country'] ?? request.headers['cf-ipcountry'];
  return typeof value === 'string' ? value.toUpperCase() : undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function ageVerificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getAgeVerification, async ({ caller, request }) => ({
    status: await age.statusForCaller(deps, caller, countryOf(request)),
    deadline: deps.config.AGE_VERIFICATION_DEADLINE,
    methods: deps.ageVerification?.methods() ?? [],
  }));

  addRoute(app, startAgeVerification, async ({ caller, body }) =>
    age.startVerification(deps, caller, body.method),
  );

  addRoute(app, finalizeAgeVerification, async ({ caller, request, params }) =>
    age.finalizeVerification(deps, caller, params.id, countryOf(request)),
  );

  const sandbox = deps.ageVerification;
  if (!(sandbox instanceof SandboxAgeVerificationProvider)) return;
  const Params = z.object({ id: z.uuid() });
  app.get(
    '/api/age-verification/sandbox/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = parseInput(Params, request.params);
      if (!(await sandbox.result(id))) throw new AppError('not_found');
      const action = (verdict: string) =>
        `/api/age-verification/sandbox/${escapeHtml(id)}/${verdict}`;
      return reply.type('text/html')
        .send(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width">
<title>Sandbox age verification</title>
<main style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Sandbox age verification</h1>
<p>This is the development sandbox: no real check happens. Choose the result to send back.</p>
<form method="post" action="${action('approve')}"><button>Approve</button></form>
<form method="post" action="${action('decline')}" style="margin-top:1rem"><button>Decline</button></form>
</main></html>`);
    },
  );
  app.post(
    '/api/age-verification/sandbox/:id/:verdict',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, verdict } = parseInput(
        z.object({ id: z.uuid(), verdict: z.enum(['approve', 'decline']) }),
        request.params,
      );
      if (!(await sandbox.decide(id, verdict === 'approve' ? 'approved' : 'declined')))
        throw new AppError('not_found');
      return reply.redirect(`/age-verification/callback?session=${id}`);
    },
  );
}
