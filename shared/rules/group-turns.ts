/**
 * Who speaks next in a group chat (issue 12 §8): a member named in the last message first, then the
 * group's turn order (the greeter first) weighed by each member's recent activity: whoever spoke least
 * recently answers. Pure, so the group-turn job and its tests share it (workers/group-turns/).
 */
import { z } from 'zod';

/** Bot replies Auto Response writes after one user message before it waits for the user again. */
export const groupAutoTurnsPerRound = 6;

/** How many recent messages the speaker choice looks at. */
export const groupActivityWindow = 20;

/** How a turn was asked for: the automatic choice, a member the user picked, everyone once, or Next. */
export const GroupTurnModeSchema = z.enum(['auto', 'pick', 'everyone', 'next']);
export type GroupTurnMode = z.infer<typeof GroupTurnModeSchema>;

export interface TurnMember {
  id: string;
  name: string;
}

/** The members in turn order: the greeter first, then the others in the creator's order. */
export function turnOrder<M extends TurnMember>(
  members: readonly M[],
  greeterId: string | null,
): M[] {
  const at = members.findIndex((m) => m.id === greeterId);
  if (at <= 0) return [...members];
  return [...members.slice(at), ...members.slice(0, at)];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The members named in `text` (whole words, any case), in the order they are first named. */
export function namedMembers<M extends TurnMember>(members: readonly M[], text: string): M[] {
  const hits: { member: M; at: number }[] = [];
  for (const member of members) {
    const name = member.name.trim();
    if (name === '') continue;
    const match = new RegExp(
      `(^|[^\\p{L}\\p{N}_])${escapeRegExp(name)}(?=$|[^\\p{L}\\p{N}_])`,
      'iu',
    ).exec(text);
    if (match) hits.push({ member, at: match.index + (match[1]?.length ?? 0) });
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.member);
}

export interface SpeakerInput<M extends TurnMember> {
  members: readonly M[];
  greeterId: string | null;
  /** The message being answered. */
  text: string;
  /** Who wrote it: null for the user, else the member who spoke. */
  authorId: string | null;
  /** Speakers of the recent bot messages, oldest first (null: unknown speaker). */
  recentSpeakers: readonly (string | null)[];
}

/**
 * The member who answers: one the message names (never its own author), else the member who has
 * spoken least recently in turn order (one who never spoke comes first), never the author. Null only
 * for a group with no member but the author.
 */
export function chooseSpeaker<M extends TurnMember>(input: SpeakerInput<M>): M | null {
  const candidates = turnOrder(input.members, input.greeterId).filter(
    (m) => m.id !== input.authorId,
  );
  const named = namedMembers(candidates, input.text)[0];
  if (named) return named;
  const lastSpoke = new Map<string, number>();
  input.recentSpeakers.forEach((id, at) => {
    if (id !== null) lastSpoke.set(id, at);
  });
  let best: M | null = null;
  let bestAt = Infinity;
  for (const m of candidates) {
    const at = lastSpoke.get(m.id) ?? -1;
    if (at < bestAt) {
      best = m;
      bestAt = at;
    }
  }
  return best;
}

/** Whether Auto Response may write another reply after `step` replies of this round. */
export function mayContinueRound(step: number): boolean {
  return step < groupAutoTurnsPerRound;
}
