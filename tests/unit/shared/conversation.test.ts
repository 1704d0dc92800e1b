import { describe, expect, it } from 'vitest';
import { ConversationTitleSchema, conversationLimits } from '#shared/rules/conversation';

describe('ConversationTitleSchema', () => {
  it('trims, requires a non-blank title and allows at most 50 characters', () => {
    expect(ConversationTitleSchema.parse('  Road trip ')).toBe('Road trip');
    expect(ConversationTitleSchema.parse('x'.repeat(conversationLimits.title))).toHaveLength(50);
    for (const bad of ['', '   ', 'x'.repeat(51)]) {
      expect(ConversationTitleSchema.safeParse(bad).success).toBe(false);
    }
  });
});
