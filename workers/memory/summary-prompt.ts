/**
 * The prompt that asks the model to turn chat turns into one memory, and the clean-up of its answer.
 * The model is the one replies use, so the instruction is plain and short for small models too.
 */
import { memoryLimits } from '#shared/rules/memory';
import type { ChatMessage } from '../providers/provider';
import type { SummaryTurn } from './pending-turns';

/** The start of the summary instruction (tests tell summary requests from replies by it). */
export const summaryInstruction = 'Summarise this part of a roleplay chat';

/** Longest summary the model may write, in tokens. */
export const summaryMaxTokens = 120;

export function summaryMessages(input: {
  characterName: string;
  userName: string;
  turns: readonly SummaryTurn[];
  /** Cuts one turn's text to fit (the chunk already fits; a single huge turn is cut). */
  fit: (text: string) => string;
}): ChatMessage[] {
  const { characterName, userName } = input;
  const transcript = input.turns
    .map((t) => `${t.role === 'user' ? userName : characterName}: ${t.content.trim()}`)
    .join('\n');
  return [
    {
      role: 'system',
      content: `${summaryInstruction} between ${userName} and ${characterName} as one short memory: the facts, names, places, promises and feelings worth remembering later. Write two or three sentences in the third person, and nothing else.`,
    },
    { role: 'user', content: input.fit(transcript) },
  ];
}

/** The model's answer as a memory: trimmed, quotes and a "Summary:" label taken off, within the limit. */
export function cleanSummary(text: string): string {
  const cleaned = text
    .trim()
    .replace(/^(memory|summary)\s*:\s*/i, '')
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim();
  return cleaned.slice(0, memoryLimits.content).trim();
}
