/**
 * A group member's reply (issue 12 §8–9) as the reply job runs it (generation/reply.processor.ts):
 * what it reads besides a chatbot's reply (the group, its members, Auto Response), the member's voice
 * and the history as it sees it in the prompt, and the round's next turn, taken the moment the reply
 * is done from what the reply read already, with no job in between.
 */
import type { ReplyJob } from '#shared/jobs/generation';
import { GroupTurnJobSchema } from '#shared/jobs/group-turns';
import { groupActivityWindow } from '#shared/rules/group-turns';
import type { GroupMember } from '#shared/schemas/group';
import type { CharacterCache } from '#server/db/character-cache';
import * as groups from '#server/db/repositories/groups.repo';
import type { PromptCharacter, PromptTurn } from '../generation/prompt/build-prompt';
import { takeTurn, type GroupTurnDeps } from './group-turn.processor';
import { groupHistory, groupVoiceOf, nextTurnOf } from './group-voice';

type Character = NonNullable<Awaited<ReturnType<CharacterCache['get']>>>;

/** A turn of the history with its stored id (null for a greeting the job carried) and its speaker. */
export type HistoryTurn = PromptTurn & { id: string | null; speakerId?: string | null };

export interface GroupReply {
  turn: NonNullable<ReplyJob['group']>;
  group: Character | undefined;
  members: GroupMember[];
  isAutoResponse: boolean;
}

/** What a group member's reply reads besides a chatbot's; null for a chatbot's reply. */
export async function readGroupReply(
  deps: Pick<GroupTurnDeps, 'db' | 'characters'>,
  job: ReplyJob,
): Promise<GroupReply | null> {
  const turn = job.group;
  if (turn === undefined) return null;
  const [group, members, isAutoResponse] = await Promise.all([
    deps.characters.get(job.characterId),
    groups.membersOf(deps.db, [job.characterId]),
    groups.autoResponseOf(deps.db, job.conversationId),
  ]);
  return { turn, group, members: members.get(job.characterId) ?? [], isAutoResponse };
}

/** Who speaks in the prompt and the history it sees: in a group chat, the member in its own voice. */
export function voiceOf(
  reply: GroupReply | null,
  speaker: Character,
  history: HistoryTurn[],
): { character: PromptCharacter; history: PromptTurn[] } {
  if (reply === null) return { character: speaker, history };
  return {
    character: groupVoiceOf(speaker, reply.group, reply.members),
    history: groupHistory(history, reply.turn.speakerId, reply.members),
  };
}

/** Takes the round's next turn after a finished reply, if the round goes on. */
export async function chainNextTurn(
  deps: GroupTurnDeps,
  job: ReplyJob,
  reply: GroupReply,
  history: readonly HistoryTurn[],
  text: string,
): Promise<void> {
  const next = nextTurnOf(reply.turn, reply.isAutoResponse);
  if (next === null) return;
  await takeTurn(
    deps,
    GroupTurnJobSchema.parse({
      conversationId: job.conversationId,
      groupId: job.characterId,
      userId: job.userId,
      afterMessageId: job.replyId,
      priority: job.priority,
      ...next,
    }),
    {
      round: await deps.rounds.current(job.conversationId),
      group: reply.group,
      members: reply.members,
      branch: [
        ...history.map((t) => ({ ...t, subCharacterId: t.speakerId ?? null })),
        {
          id: job.replyId,
          role: 'bot' as const,
          content: text,
          subCharacterId: reply.turn.speakerId,
        },
      ].slice(-groupActivityWindow),
    },
  );
}
