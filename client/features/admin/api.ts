/** The admin calls, built on the shared admin contracts. */
import {
  changeUserRole,
  openQueueBoard,
  getAdminUser,
  liftUserRestriction,
  searchUsers,
  setUserRestriction,
  type AdminUser,
  type AdminUserDetail,
  type SetRestrictionInput,
} from '#shared/api/admin';
import type { Restriction } from '#shared/schemas/restriction';
import type { Role } from '#shared/schemas/user';
import type { ApiClient } from '../../lib/api-client';

/** Members whose email or username starts with the query, or whose id it is (at most 20). */
export async function findUsers(
  api: ApiClient,
  query: string,
  signal?: AbortSignal,
): Promise<AdminUser[]> {
  const { items } = await api.request(searchUsers, { query: { query }, signal });
  return items;
}

/** One member with active restrictions and audit trail. */
export function loadUser(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<AdminUserDetail> {
  return api.request(getAdminUser, { params: { id }, signal });
}

export function changeRole(api: ApiClient, id: string, role: Role): Promise<AdminUser> {
  return api.request(changeUserRole, { params: { id }, body: { role } });
}

export function setRestriction(
  api: ApiClient,
  id: string,
  input: SetRestrictionInput,
): Promise<Restriction> {
  return api.request(setUserRestriction, { params: { id }, body: input });
}

export function liftRestriction(
  api: ApiClient,
  id: string,
  restrictionId: string,
): Promise<Restriction> {
  return api.request(liftUserRestriction, { params: { id, restrictionId } });
}

/** Lets this browser open the queue dashboard (an hour-long cookie); answers where it lives. */
export async function openQueueDashboard(api: ApiClient): Promise<string> {
  const { url } = await api.request(openQueueBoard, {});
  return url;
}
