/**
 * The waiting room as callers meet it: their status (joining the line when they ask), and the check
 * that refuses a generation to a free caller without access, so the line cannot be skipped by calling
 * the API directly. Admission itself is the `waiting-room` job (workers/waiting-room).
 */
import { waitsInLine } from '#shared/rules/waiting-room';
import { permissionsOf } from '#shared/rules/permissions';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import { AppError } from '../lib/errors';
import type { Redis } from '../lib/redis';
import { estimateWaitSeconds, WaitingRoomStore } from '../lib/waiting-room';
import type { Caller } from './identity.service';

export interface WaitingRoomSettings {
  /** False when WAITING_ROOM_MAX is 0. */
  enabled: boolean;
  accessSeconds: number;
  /** A character anyone may chat with without waiting. */
  bypassCharacterId: string | null;
}

/** A caller's status, with the ticket that orders a waiter (for live position updates). */
export interface CallerStanding {
  status: WaitingRoomStatus;
  ticket: number | null;
}

export class WaitingRoom {
  readonly store: WaitingRoomStore;

  constructor(
    redis: Redis,
    prefix: string,
    readonly settings: WaitingRoomSettings,
  ) {
    this.store = new WaitingRoomStore(redis, prefix, settings.accessSeconds * 1000);
  }

  /** Whether this caller waits in line at all. */
  appliesTo(caller: Caller): boolean {
    if (!this.settings.enabled) return false;
    const permissions = permissionsOf({
      kind: caller.kind,
      role: caller.role,
      restrictions: caller.restrictions.map((r) => r.type),
    });
    return waitsInLine(permissions, caller.isPartner);
  }

  /** The caller's status now; a free caller neither waiting nor holding access joins the line. */
  async standing(caller: Caller): Promise<CallerStanding> {
    const bypass = this.settings.bypassCharacterId;
    if (!this.appliesTo(caller)) {
      return {
        status: { status: 'access', position: null, timeLeft: null, bypass, retryAfter: null },
        ticket: null,
      };
    }
    const now = Date.now();
    const standing = await this.store.join(caller.userId, now);
    if (standing.status === 'access') {
      const timeLeft = Math.max(0, Math.floor((standing.expiresAt - now) / 1000));
      return {
        status: { status: 'access', position: null, timeLeft, bypass, retryAfter: null },
        ticket: null,
      };
    }
    const { position } = standing;
    return {
      status: {
        status: 'waiting',
        position,
        timeLeft: await this.estimate(position),
        bypass,
        retryAfter: null,
      },
      ticket: standing.ticket,
    };
  }

  /** Estimated seconds of waiting at a position, from the last admission step's numbers. */
  async estimate(position: number): Promise<number> {
    return (await this.estimator())(position);
  }

  /** An estimate for any position from one read of the last admission step's numbers. */
  async estimator(): Promise<(position: number) => number> {
    const state = await this.store.state();
    return (position) =>
      estimateWaitSeconds({
        position,
        recentAdmissions: state?.recentAdmissions ?? 0,
        capacity: state?.capacity ?? 1,
        accessSeconds: this.settings.accessSeconds,
      });
  }

  /** Refuses a generation to a caller who must wait and holds no access (the bypass character aside). */
  async assertMayGenerate(caller: Caller, characterId: string): Promise<void> {
    if (!this.appliesTo(caller) || characterId === this.settings.bypassCharacterId) return;
    if (!(await this.store.hasAccess(caller.userId))) throw new AppError('waiting_room');
  }
}
