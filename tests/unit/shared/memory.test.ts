import { describe, expect, it } from 'vitest';
import {
  hasAutoMemories,
  MemoryContentSchema,
  mayManageMemories,
  memoryLimits,
} from '#shared/rules/memory';
import { permissionsOf } from '#shared/rules/permissions';
import type { Role } from '#shared/schemas/user';

const of = (role: Role) => permissionsOf({ kind: 'member', role, restrictions: [] });

describe('memory permissions', () => {
  it('opens the Memory Manager with memory_manager or conversation_memory_auto', () => {
    expect(mayManageMemories(['memory_manager'])).toBe(true);
    expect(mayManageMemories(['conversation_memory_auto'])).toBe(true);
    expect(mayManageMemories(['view_chats'])).toBe(false);
  });

  it('gives the manager to basic and up, auto memories to premium and staff', () => {
    expect(mayManageMemories(of('free_tier'))).toBe(false);
    expect(mayManageMemories(of('paid_minimal'))).toBe(false);
    expect(mayManageMemories(of('paid_basic'))).toBe(true);
    expect(hasAutoMemories(of('paid_basic'))).toBe(false);
    expect(hasAutoMemories(of('paid_premium'))).toBe(true);
    expect(hasAutoMemories(of('admin'))).toBe(true);
    expect(
      mayManageMemories(permissionsOf({ kind: 'guest', role: 'free_tier', restrictions: [] })),
    ).toBe(false);
  });
});

describe('MemoryContentSchema', () => {
  it('trims and refuses empty or oversize content with the rule’s words', () => {
    expect(MemoryContentSchema.parse('  Sam likes tea.  ')).toBe('Sam likes tea.');
    expect(MemoryContentSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      "Memory can't be empty",
    );
    expect(MemoryContentSchema.safeParse('x'.repeat(memoryLimits.content + 1)).success).toBe(false);
    expect(MemoryContentSchema.safeParse('x'.repeat(memoryLimits.content)).success).toBe(true);
  });
});
