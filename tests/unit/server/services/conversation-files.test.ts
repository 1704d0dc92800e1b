import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors';
import { parseConversationFile } from '#server/services/conversation-files.service';

const header = (lastMessageId: string | null) => ({
  type: 'conversation',
  version: 1,
  characterId: randomUUID(),
  characterName: 'Testy',
  label: null,
  lastMessageId,
  exportedAt: new Date().toISOString(),
});
const message = (id: string, prevId: string | null, isAlternative = false) => ({
  type: 'message',
  id,
  prevId,
  role: 'bot',
  content: 'Hi',
  isAlternative,
  isStopped: false,
  createdAt: new Date().toISOString(),
});
const file = (...lines: object[]) =>
  new TextEncoder().encode(lines.map((l) => JSON.stringify(l)).join('\r\n') + '\n\n');

function refusal(bytes: Uint8Array): { code: string; message: string } {
  try {
    parseConversationFile(bytes);
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('parseConversationFile', () => {
  it('reads a header and messages, each after the one it answers, with CRLF and blank tail', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const parsed = parseConversationFile(
      file(header(b), message(a, null), message(b, a), message(c, a, true)),
    );
    expect(parsed.messages.map((m) => m.id)).toEqual([a, b, c]);
    expect(parseConversationFile(file(header(null))).messages).toEqual([]);
  });

  it('names the first bad line', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(refusal(file(header(a), message(a, b)))).toMatchObject({
      code: 'validation_failed',
      message: 'Line 2: prevId must name a message on an earlier line.',
    });
    expect(refusal(file(header(a), message(a, null), message(a, null))).message).toBe(
      'Line 3: a message id appears twice.',
    );
    expect(refusal(file(header(null), message(a, null))).message).toBe(
      'Line 1: lastMessageId must name a message of the file.',
    );
    expect(refusal(new TextEncoder().encode('{"type":')).message).toBe('Line 1: not valid JSON.');
    expect(refusal(new Uint8Array([0xc3, 0x28])).message).toBe('The file is not UTF-8 text.');
  });

  it('reads the speaker of a bot message, and refuses one on a user message', () => {
    const [a, b, member] = [randomUUID(), randomUUID(), randomUUID()];
    const spoken = { ...message(a, null), subCharacterId: member };
    expect(parseConversationFile(file(header(a), spoken)).messages[0]?.subCharacterId).toBe(member);
    expect(
      refusal(file(header(b), spoken, { ...message(b, a), role: 'user', subCharacterId: member })),
    ).toMatchObject({
      code: 'validation_failed',
      message: 'Line 3: subCharacterId: only a bot message names a speaker.',
    });
    expect(refusal(file(header(a), { ...spoken, subCharacterId: 'ada' })).message).toContain(
      'Line 2: subCharacterId',
    );
  });
});
