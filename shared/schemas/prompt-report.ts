/**
 * How a reply's prompt filled its context budget (workers/generation/prompt/build-prompt.ts): the
 * tokens each part took and what was left out. The chat's context meter shows it.
 */
import { z } from 'zod';

const tokens = z.number().int().min(0);

export const PromptReportSchema = z.object({
  /** The context size less the reply's max new tokens. */
  budgetTokens: tokens,
  usedTokens: tokens,
  sectionTokens: z.object({
    definition: tokens,
    /** A card's post-history instructions and depth prompt (its system prompt is the definition's). */
    cardPrompts: tokens.default(0),
    persona: tokens,
    memories: tokens,
    lorebook: tokens,
    examples: tokens,
    history: tokens,
  }),
  leftOut: z.object({
    /** The definition alone was too long and was cut. */
    isDefinitionCut: z.boolean(),
    /** The card's post-history instructions or depth prompt that did not fit (0-2). */
    cardPrompts: tokens.default(0),
    isPersonaLeftOut: z.boolean(),
    /** Pinned memories that did not fit. */
    memories: tokens,
    lorebookEntries: tokens,
    isExamplesLeftOut: z.boolean(),
    /** The oldest turns of the history that did not fit. */
    turns: tokens,
  }),
});
export type PromptReport = z.infer<typeof PromptReportSchema>;

/** One message of a prompt as the model received it. */
export const PromptMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type PromptMessage = z.infer<typeof PromptMessageSchema>;

/** A reply's prompt: the model and context it ran with, what it was sent, and how the budget went. */
export const ReplyPromptSchema = z.object({
  modelId: z.string(),
  contextTokens: tokens,
  messages: z.array(PromptMessageSchema),
  report: PromptReportSchema,
});
export type ReplyPrompt = z.infer<typeof ReplyPromptSchema>;
