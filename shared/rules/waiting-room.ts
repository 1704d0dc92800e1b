/** Who waits in line (spec: product-core, "Waiting queue"), for server and client alike. */
import type { Permission } from '../schemas/permission';

/** Free members and guests wait; skip_waiting_room holders and partner sites never do. */
export function waitsInLine(permissions: readonly Permission[], isPartner: boolean): boolean {
  return !isPartner && !permissions.includes('skip_waiting_room');
}

/** The minutes a banner shows for an estimated wait: only from a minute up (spec: time_left ≥ 60). */
export function waitMinutes(timeLeftSeconds: number | null): number | null {
  if (timeLeftSeconds === null || timeLeftSeconds < 60) return null;
  return Math.round(timeLeftSeconds / 60);
}
