/** Email notifications (issue 25 item 6): the member's settings and the unsubscribe link's API. */
import type { FastifyInstance } from 'fastify';
import {
  getEmailNotifications,
  readUnsubscribeLink as readLinkEndpoint,
  unsubscribe,
  updateEmailNotifications as updateEndpoint,
} from '#shared/api/email-notifications';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { requestApplication } from '../services/applications.service';
import {
  emailNotificationsOf,
  readUnsubscribeLink,
  unsubscribeByLink,
  updateEmailNotifications,
} from '../services/email-notifications.service';

export function emailNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getEmailNotifications, ({ caller }) => emailNotificationsOf(deps.db, caller));
  addRoute(app, updateEndpoint, ({ caller, body, request }) =>
    updateEmailNotifications(deps.db, caller, requestApplication(deps.applications, request), body),
  );
  addRoute(app, readLinkEndpoint, ({ query, request }) =>
    Promise.resolve(
      readUnsubscribeLink(deps.secret, requestApplication(deps.applications, request), query.token),
    ),
  );
  addRoute(app, unsubscribe, ({ query, request }) =>
    unsubscribeByLink(
      deps.db,
      deps.secret,
      requestApplication(deps.applications, request),
      query.token,
    ),
  );
}
