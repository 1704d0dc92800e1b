/**
 * Age verification: status and methods, starting a session with the provider, finalizing it from the
 * callback page; plus the SANDBOX provider's own page when the sandbox is configured (never in
 * production). That page answers only the member who started the session, in the browser that did:
 * starting it sets a signed cookie scoped to the session's page, since a page load carries no token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  finalizeAgeVerification,
  getAgeVerification,
  startAgeVerification,
} from '#shared/api/age-verification';
import type { AppDeps } from '../app-deps';
import type { MemberCaller } from '../lib/caller';
import { countryOf } from '../lib/country';
import { AppError, parseInput } from '../lib/errors';
import { addRoute } from '../lib/route';
import * as age from '../services/age-verification/age-verification.service';
import {
  SandboxAgeVerificationProvider,
  sandboxPath,
  sandboxSessionSeconds,
} from '../services/age-verification/sandbox.provider';
import { isSessionEnded } from '../services/auth/ended-sessions';

const sandboxCookie = 'cc_age_sandbox';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function ageVerificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sandbox =
    deps.ageVerification instanceof SandboxAgeVerificationProvider ? deps.ageVerification : null;

  addRoute(app, getAgeVerification, async ({ caller, request }) => ({
    status: await age.statusForCaller(deps, caller, countryOf(deps.config, request.headers)),
    deadline: deps.config.AGE_VERIFICATION_DEADLINE,
    methods: deps.ageVerification?.methods() ?? [],
  }));

  addRoute(app, startAgeVerification, async ({ caller, body, reply }) => {
    const session = await age.startVerification(deps, caller, body.method);
    if (sandbox) admitToSandboxPage(reply, deps, session.id, caller);
    return { url: session.url };
  });

  addRoute(app, finalizeAgeVerification, async ({ caller, request, params }) =>
    age.finalizeVerification(deps, caller, params.id, countryOf(deps.config, request.headers)),
  );

  if (sandbox) sandboxPageRoutes(app, deps, sandbox);
}

function admitToSandboxPage(
  reply: FastifyReply,
  deps: AppDeps,
  sessionId: string,
  caller: MemberCaller,
): void {
  void reply.setCookie(
    sandboxCookie,
    `${sessionId}.${caller.userId}.${caller.sessionFamily ?? ''}`,
    {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.NODE_ENV === 'production',
      path: `${sandboxPath}/${sessionId}`,
      maxAge: sandboxSessionSeconds,
    },
  );
}

function sandboxPageRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  sandbox: SandboxAgeVerificationProvider,
): void {
  /** The sandbox session, if the request comes from the member who started it (their cookie). */
  const ownSession = async (request: FastifyRequest, id: string) => {
    const raw = request.cookies[sandboxCookie];
    const unsigned = raw === undefined ? undefined : request.unsignCookie(raw);
    const [cookieSession = '', userId = '', sessionFamily = ''] = unsigned?.valid
      ? unsigned.value.split('.')
      : [];
    if (
      cookieSession !== id ||
      (sessionFamily !== '' && (await isSessionEnded(deps, sessionFamily)))
    ) {
      throw new AppError('sign_in_required');
    }
    const session = await sandbox.result(id);
    if (session?.userId !== userId) throw new AppError('not_found');
    return session;
  };

  const PageParams = z.object({ id: z.uuid() });
  app.get(`${sandboxPath}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const { id } = parseInput(PageParams, request.params);
    await ownSession(request, id);
    const action = (verdict: string) => `${sandboxPath}/${escapeHtml(id)}/${verdict}`;
    return reply.type('text/html')
      .send(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width">
<title>Sandbox age verification</title>
<main style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Sandbox age verification</h1>
<p>This is the development sandbox: no real check happens. Choose the result to send back.</p>
<form method="post" action="${action('approve')}"><button>Approve</button></form>
<form method="post" action="${action('decline')}" style="margin-top:1rem"><button>Decline</button></form>
</main></html>`);
  });

  const VerdictParams = PageParams.extend({ verdict: z.enum(['approve', 'decline']) });
  app.post(`${sandboxPath}/:id/:verdict`, { schema: { hide: true } }, async (request, reply) => {
    const { id, verdict } = parseInput(VerdictParams, request.params);
    await ownSession(request, id);
    if (!(await sandbox.decide(id, verdict === 'approve' ? 'approved' : 'declined'))) {
      throw new AppError('not_found');
    }
    return reply.redirect(`/age-verification/callback?session=${id}`);
  });
}
