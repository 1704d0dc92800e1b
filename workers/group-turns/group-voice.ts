/**
 * A group member's voice (issue 12 §8): the speaking member's own definition leads its prompt, with
 * the group's scenario and the other members as context; the other members' lines reach it as turns
 * said to it, each under its speaker's name. And what a round does after a reply: the next member of
 * "everyone answers once", or another automatic turn while Auto Response is on, within the bound.
 */
import type { ReplyJob } from '#shared/jobs/generation';
import type { GroupTurnJob } from '#shared/jobs/group-turns';
import { mayContinueRound } from '#shared/rules/group-turns';
import type { CharacterFields } from '#shared/schemas/character';
import type { PromptCharacter, PromptTurn } from '../generation/prompt/build-prompt';

type VoiceCharacter = PromptCharacter & Pick<CharacterFields, 'title'> & { id: string };

/** The speaker's definition, with the group's scenario and who else is in the chat. */
export function groupVoiceOf(
  speaker: VoiceCharacter,
  group: VoiceCharacter | undefined,
  members: readonly { id: string; name: string }[],
): PromptCharacter {
  const others = members.filter((m) => m.id !== speaker.id).map((m) => m.name);
  const scene = [
    speaker.scenario.trim(),
    group?.scenario.trim() ?? '',
    others.length === 0
      ? ''
      : `This is a group chat. Besides {{user}}, ${speaker.name} is talking with ${others.join(', ')}. Write only ${speaker.name}'s reply, never the others' lines.`,
  ].filter((p) => p !== '');
  return {
    name: speaker.name,
    persona: speaker.persona,
    scenario: scene.join('\n\n'),
    dialogue: speaker.dialogue,
  };
}

/** The history as the speaker sees it: its own lines are its turns; the other members' are named. */
export function groupHistory(
  history: readonly (PromptTurn & { speakerId?: string | null })[],
  speakerId: string,
  members: readonly { id: string; name: string }[],
): PromptTurn[] {
  const names = new Map(members.map((m) => [m.id, m.name]));
  return history.map((t) => {
    if (t.role !== 'bot' || t.speakerId === speakerId) return { role: t.role, content: t.content };
    const name = t.speakerId == null ? undefined : names.get(t.speakerId);
    return { role: 'user', content: name === undefined ? t.content : `${name}: ${t.content}` };
  });
}

/** The round's next turn after a reply, or null when the round is over. */
export function nextTurnOf(
  group: NonNullable<ReplyJob['group']>,
  isAutoResponse: boolean,
): Pick<GroupTurnJob, 'round' | 'step' | 'mode' | 'speakerIds'> | null {
  const step = group.step + 1;
  if (group.nextSpeakerIds.length > 0) {
    return { round: group.round, step, mode: 'everyone', speakerIds: group.nextSpeakerIds };
  }
  if (isAutoResponse && mayContinueRound(step)) {
    return { round: group.round, step, mode: 'auto', speakerIds: [] };
  }
  return null;
}
