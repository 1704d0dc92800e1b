/**
 * Admin basics: find a member, change their role, set and lift account restrictions. Admin role only,
 * checked against the stored role and restrictions on every call; every change writes the audit log.
 * Elsewhere the role travels in the access token, so a member whose role changed gets it on their next
 * refresh (access tokens are short-lived); /api/me shows the stored role at once.
 */
import { z } from 'zod';
import { RestrictionSchema, RestrictionTypeSchema } from '../schemas/restriction';
import { MeSchema, RoleSchema } from '../schemas/user';
import { endpoint } from './endpoint';

/** A member as admins see them, with their active restrictions. */
export const AdminUserSchema = MeSchema.pick({
  id: true,
  kind: true,
  username: true,
  name: true,
  email: true,
  role: true,
}).extend({
  createdAt: z.iso.datetime(),
  restrictions: z.array(RestrictionSchema),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const UserParamsSchema = z.object({ id: z.uuid() });

/** One audited admin change about a member, as admins see it in the member's trail. */
export const AuditEntrySchema = z.object({
  id: z.uuid(),
  /** The admin who made the change; null when that account is gone. */
  actorUserId: z.uuid().nullable(),
  /** That admin's username (else name, else email); null when there is none. */
  actorName: z.string().nullable(),
  /** user.role_changed, restriction.set or restriction.lifted (more may come; show others as-is). */
  action: z.string(),
  /** What changed: { from, to } for a role, { restrictionId, type, reason?, expiresAt? } otherwise. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** A member with their audit trail (oldest first), for the admin's member screen. */
export const AdminUserDetailSchema = AdminUserSchema.extend({
  audit: z.array(AuditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/**
 * Finds members whose email or username starts with the query (case-insensitive), or whose id is the
 * query; at most 20.
 */
export const searchUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  auth: 'admin',
  summary: 'Admin: find members by email, username or id',
  query: z.object({ query: z.string().trim().min(1).max(320) }),
  response: z.object({ items: z.array(AdminUserSchema) }),
});

/** One member with active restrictions and audit trail. */
export const getAdminUser = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  auth: 'admin',
  summary: 'Admin: a member with restrictions and audit trail',
  params: UserParamsSchema,
  response: AdminUserDetailSchema,
});

/** Changes a member's role; it reaches their access token at the next refresh. */
export const changeUserRole = endpoint({
  method: 'PUT',
  path: '/api/admin/users/:id/role',
  auth: 'admin',
  summary: 'Admin: change a member role',
  params: UserParamsSchema,
  body: z.object({ role: RoleSchema }),
  response: AdminUserSchema,
});

/** Input of a new restriction: a Temporary Hold needs a future expiresAt, a termination has none. */
export const SetRestrictionInputSchema = z.object({
  type: RestrictionTypeSchema,
  reason: z.string().trim().min(1).max(1000),
  expiresAt: z.iso.datetime().optional(),
});
export type SetRestrictionInput = z.infer<typeof SetRestrictionInputSchema>;

/** Restricts a member; it applies to their next request or socket command. */
export const setUserRestriction = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/restrictions',
  auth: 'admin',
  summary: 'Admin: set an account restriction',
  params: UserParamsSchema,
  body: SetRestrictionInputSchema,
  response: RestrictionSchema,
});

/** Lifts one restriction of a member. */
export const liftUserRestriction = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/:id/restrictions/:restrictionId',
  auth: 'admin',
  summary: 'Admin: lift an account restriction',
  params: z.object({ id: z.uuid(), restrictionId: z.uuid() }),
  response: RestrictionSchema,
});

/**
 * Opens the queue dashboard (Bull Board at /admin/queues) for an admin's browser: sets a short-lived
 * httpOnly cookie the dashboard's pages check, since a page load carries no bearer token.
 */
export const openQueueBoard = endpoint({
  method: 'POST',
  path: '/api/admin/queue-board',
  auth: 'admin',
  summary: 'Let this browser open the queue dashboard for an hour',
  response: z.object({ url: z.string() }),
});
