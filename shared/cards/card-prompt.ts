/**
 * What an imported card asks of the reply prompt (docs/formats.md §1.2): its system prompt, its
 * post-history instructions and SillyTavern's depth prompt (`extensions.depth_prompt`), read from the
 * card data kept beside the chatbot (`CardExtras['data']`). The prompt builder places them
 * (workers/generation/prompt/build-prompt.ts).
 */
import { z } from 'zod';
import { fillMacros, type MacroValues } from '../rules/macros';

/** The speaker a depth prompt is sent as. */
export const DepthPromptRoleSchema = z.enum(['system', 'user', 'assistant']);
export type DepthPromptRole = z.infer<typeof DepthPromptRoleSchema>;

/** SillyTavern's defaults for a depth prompt that names no depth or role. */
export const depthPromptDefaults = { depth: 4, role: 'system' } as const;
/** The deepest a depth prompt is placed (deeper than the chat is before its first message anyway). */
export const depthPromptMaxDepth = 1000;

/** A text placed `depth` messages from the end of the history (0: after the last one), as `role`. */
export interface DepthPrompt {
  prompt: string;
  depth: number;
  role: DepthPromptRole;
}

export interface CardPrompt {
  /** Replaces our system prompt; `{{original}}` in it stands for ours. Empty: ours is used. */
  systemPrompt: string;
  /** Goes after the chat history; `{{original}}` stands for ours (we have none). Empty: nothing. */
  postHistoryInstructions: string;
  depthPrompt: DepthPrompt | null;
}

/** A card that asks nothing of the prompt (a chatbot not imported from a card). */
export const noCardPrompt: CardPrompt = {
  systemPrompt: '',
  postHistoryInstructions: '',
  depthPrompt: null,
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function depthOf(value: unknown): number {
  const depth = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof depth !== 'number' || !Number.isFinite(depth)) return depthPromptDefaults.depth;
  return Math.min(depthPromptMaxDepth, Math.max(0, Math.floor(depth)));
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function depthPromptOf(extensions: unknown): DepthPrompt | null {
  const raw = isObject(extensions) ? extensions.depth_prompt : undefined;
  if (!isObject(raw)) return null;
  const prompt = text(raw.prompt);
  if (prompt.trim() === '') return null;
  const role = DepthPromptRoleSchema.safeParse(raw.role);
  return {
    prompt,
    depth: depthOf(raw.depth),
    role: role.success ? role.data : depthPromptDefaults.role,
  };
}

/**
 * The card's prompts, read leniently from its kept data: a value of the wrong type counts as absent,
 * as the importer already refused cards whose prompts are not text.
 */
export function cardPromptOf(data: Readonly<Record<string, unknown>> | null): CardPrompt {
  if (data === null) return noCardPrompt;
  return {
    systemPrompt: text(data.system_prompt),
    postHistoryInstructions: text(data.post_history_instructions),
    depthPrompt: depthPromptOf(data.extensions),
  };
}

/**
 * The most characters a card prompt brings into the prompt, before and after its macros are filled:
 * more than any context window holds, and a bound on what a repeated `{{original}}` can grow to.
 */
export const cardPromptMaxChars = 100_000;

/** A card prompt with its macros filled, `{{original}}` included, within `cardPromptMaxChars`. */
export function fillCardPrompt(text: string, values: MacroValues & { original: string }): string {
  return fillMacros(text.slice(0, cardPromptMaxChars), values, cardPromptMaxChars).trim();
}
