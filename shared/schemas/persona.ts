import { z } from 'zod';

/** An identity a member chats as (product-core.md "Persona"): id, name, avatar, highlights, default. */
export const PersonaSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  highlights: z.string(),
  avatarUrl: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Persona = z.infer<typeof PersonaSchema>;
