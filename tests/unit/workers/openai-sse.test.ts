import { describe, expect, it } from 'vitest';
import { takeSseEvents } from '#workers/providers/openai';

describe('takeSseEvents', () => {
  it('returns complete events and keeps the unfinished rest', () => {
    const { events, rest } = takeSseEvents('data: {"a":1}\n\ndata: {"b"');
    expect(events).toEqual(['{"a":1}']);
    expect(rest).toBe('data: {"b"');
  });

  it('handles CRLF, comments and multi-line data', () => {
    const { events, rest } = takeSseEvents(
      ': keep-alive\r\n\r\ndata: one\r\ndata: two\r\n\r\ndata: [DONE]\n\n',
    );
    expect(events).toEqual(['one\ntwo', '[DONE]']);
    expect(rest).toBe('');
  });
});
