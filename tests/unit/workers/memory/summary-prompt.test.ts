import { describe, expect, it } from 'vitest';
import { memoryLimits } from '#shared/rules/memory';
import { cleanSummary, summaryInstruction, summaryMessages } from '#workers/memory/summary-prompt';
import { newestLeftOut } from '#workers/memory/queue-memory';

describe('summaryMessages', () => {
  it('asks for one memory of the turns, named by who spoke, cut to fit', () => {
    const messages = summaryMessages({
      characterName: 'Mara',
      userName: 'Sam',
      turns: [
        { id: 'a', role: 'user', content: ' I lost my red umbrella. ' },
        { id: 'b', role: 'bot', content: 'I will find it for you.' },
      ],
      fit: (text) => text.slice(0, 40),
    });
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content.startsWith(summaryInstruction)).toBe(true);
    expect(messages[0]?.content).toContain('between Sam and Mara');
    expect(messages[1]).toEqual({
      role: 'user',
      content: 'Sam: I lost my red umbrella.\nMara: I wil',
    });
  });
});

describe('cleanSummary', () => {
  it('takes off labels and quotes and keeps a memory within the limit', () => {
    expect(cleanSummary('  Summary: Sam lost a red umbrella.  ')).toBe('Sam lost a red umbrella.');
    expect(cleanSummary('"Mara promised to help."')).toBe('Mara promised to help.');
    expect(cleanSummary('   ')).toBe('');
    expect(cleanSummary('x'.repeat(memoryLimits.content + 50))).toHaveLength(memoryLimits.content);
  });
});

describe('newestLeftOut', () => {
  const history = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('is the newest turn the prompt left out, for owners with auto memories', () => {
    expect(newestLeftOut(history, 2, true)).toEqual({ id: 'b' });
    expect(newestLeftOut(history, 0, true)).toBeNull();
    expect(newestLeftOut(history, 2, false)).toBeNull();
  });
});
