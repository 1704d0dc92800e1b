/**
 * The waiting room as callers meet it (issue 7 part 9): their status, which only opening a chat
 * (`join`) or sending (`claimTurn`) lines them up, never browsing; and the check that refuses a
 * generation to a free caller without access, so the line cannot be skipped by calling the API. Every
 * message renews the access it is sent with. Admission itself is the `waiting-room` job
 * (workers/waiting-room).
 */
import { waitsInLine } from '#shared/rules/waiting-room';
import { permissionsOf } from '#shared/rules/permissions';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import { AppError } from '../lib/errors';
import type { Redis } from '../lib/redis';
import { estimateWaitSeconds, WaitingRoomStore, type Standing } from '../lib/waiting-room';
import type { Caller } from '../lib/caller';

export interface WaitingRoomSettings {
  /** False when WAITING_ROOM_MAX is 0. */
  enabled: boolean;
  /** Access ends this many seconds after admission or the caller's last message. */
  idleSeconds: number;
  /** One turn of access lasts at most this many seconds, however much the caller chats. */
  turnSeconds: number;
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
    this.store = new WaitingRoomStore(redis, prefix, {
      idleMs: settings.idleSeconds * 1000,
      turnMs: settings.turnSeconds * 1000,
    });
  }

  /** Seconds of access a caller gets when let in (before any message renews it). */
  get admissionSeconds(): number {
    return Math.min(this.settings.idleSeconds, this.settings.turnSeconds);
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

  /**
   * The caller's status now. With `join` (the caller opened a chat) a free caller neither waiting
   * nor holding access lines up; without it they are told `none` and stay out of the line.
   */
  async standing(caller: Caller, opts: { join: boolean }): Promise<CallerStanding> {
    const bypass = this.settings.bypassCharacterId;
    if (!this.appliesTo(caller)) {
      return {
        status: { status: 'access', position: null, timeLeft: null, bypass, retryAfter: null },
        ticket: null,
      };
    }
    const now = Date.now();
    const standing = await this.store.stand(caller.userId, opts.join ? 'join' : 'peek', now);
    return this.toStatus(standing, now);
  }

  /**
   * What a message does before it is generated for: a caller holding access renews it; one who
   * neither waits nor holds it lines up (let in at once when nobody waits and there is room); a caller
   * still waiting is refused with `waiting_room`. The bypass character needs no turn.
   */
  async claimTurn(caller: Caller, characterId: string): Promise<void> {
    if (!this.appliesTo(caller) || characterId === this.settings.bypassCharacterId) return;
    const standing = await this.store.stand(caller.userId, 'claim');
    if (standing.status !== 'access') throw new AppError('waiting_room');
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
        accessSeconds: this.admissionSeconds,
      });
  }

  private async toStatus(standing: Standing, now: number): Promise<CallerStanding> {
    const bypass = this.settings.bypassCharacterId;
    switch (standing.status) {
      case 'access': {
        const timeLeft = Math.max(0, Math.floor((standing.expiresAt - now) / 1000));
        return {
          status: { status: 'access', position: null, timeLeft, bypass, retryAfter: null },
          ticket: null,
        };
      }
      case 'waiting': {
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
      case 'none':
        return {
          status: { status: 'none', position: null, timeLeft: null, bypass, retryAfter: null },
          ticket: null,
        };
    }
  }
}
