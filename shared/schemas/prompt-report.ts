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
    persona: tokens,
    memories: tokens,
    lorebook: tokens,
    examples: tokens,
    history: tokens,
  }),
  leftOut: z.object({
    /** The definition alone was too long and was cut. */
    isDefinitionCut: z.boolean(),
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
