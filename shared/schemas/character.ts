import { z } from 'zod';

/** Visibility values of the spec; `hidden` is shown as Unlisted. */
export const VisibilitySchema = z.enum(['private', 'permanently_private', 'hidden', 'public']);

/** A library card: what the home grid shows. */
export const CharacterSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  avatarUrl: z.string().nullable(),
  tags: z.array(z.string()),
  numMessages: z.number().int(),
  isNsfw: z.boolean(),
  creatorUsername: z.string().nullable(),
});
export type CharacterSummary = z.infer<typeof CharacterSummarySchema>;

/** The chatbot profile; definition fields are null when hidden from the caller. */
export const CharacterSchema = CharacterSummarySchema.extend({
  greeting: z.string(),
  persona: z.string().nullable(),
  scenario: z.string().nullable(),
  dialogue: z.string().nullable(),
  visibility: VisibilitySchema,
  definitionVisible: z.boolean(),
  tokenCount: z.number().int(),
  language: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Character = z.infer<typeof CharacterSchema>;
