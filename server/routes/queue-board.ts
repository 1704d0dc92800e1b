/**
 * The queue dashboard (Bull Board) at /admin/queues, for admins only. A page load carries no bearer
 * token, so an admin first asks POST /api/admin/queue-board for a signed, httpOnly cookie scoped to the
 * dashboard; every dashboard request checks it, that its session has not ended, and that its holder is
 * still an admin by the stored role and restrictions. It runs under the app's Content-Security-Policy
 * (plugins/security-headers.ts) and loads nothing from the internet.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openQueueBoard } from '#shared/api/admin';
import type { AppDeps } from '../app-deps';
import { AppError } from '../lib/errors';
import { sendError } from '../plugins/errors';
import { addRoute } from '../lib/route';
import { isAdmin } from '../services/admin.service';
import { isSessionEnded } from '../services/auth/ended-sessions';

export const queueBoardPath = '/admin/queues';
const boardCookie = 'cc_queue_board';
const boardSeconds = 3600;
/** A `<link>` to anything not served by us. */
const remoteLink = /<link\b[^>]*\bhref="(https?:)?\/\/[^"]*"[^>]*>/g;

export async function queueBoardRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  queues: readonly Queue[],
): Promise<void> {
  addRoute(app, openQueueBoard, ({ caller, reply }) => {
    const expiresAt = Date.now() + boardSeconds * 1000;
    const session = caller.sessionFamily ?? '';
    void reply.setCookie(boardCookie, `${caller.userId}.${session}.${String(expiresAt)}`, {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.NODE_ENV === 'production',
      path: queueBoardPath,
      expires: new Date(expiresAt),
    });
    return Promise.resolve({ url: queueBoardPath });
  });

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(queueBoardPath);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await app.register(
    async (board) => {
      // Sent, not thrown: a throw here would reach Bull Board's own error handler and its shape.
      board.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (!(await holdsBoardCookie(deps, request)))
          await sendError(reply, new AppError('forbidden'));
      });
      // Its page links a stylesheet of Google Fonts; the dashboard loads nothing from the internet (and
      // the CSP would refuse it), so the link goes and the page uses the system font.
      board.addHook('onSend', async (_request, reply, payload) =>
        typeof payload === 'string' &&
        String(reply.getHeader('content-type')).startsWith('text/html')
          ? payload.replace(remoteLink, '')
          : payload,
      );
      await board.register(serverAdapter.registerPlugin());
    },
    { prefix: queueBoardPath },
  );
}

async function holdsBoardCookie(deps: AppDeps, request: FastifyRequest): Promise<boolean> {
  const raw = request.cookies[boardCookie];
  if (raw === undefined) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid) return false;
  const [userId = '', session = '', expiresAt = '0'] = unsigned.value.split('.');
  if (Number(expiresAt) < Date.now()) return false;
  // The cookie ends with the session that opened it, and holds only while its member is still an admin.
  if (session !== '' && (await isSessionEnded(deps, session))) return false;
  return isAdmin(deps, userId);
}
