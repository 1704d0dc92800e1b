import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/schemas/message';
import type { ConversationsState } from '../../../../../client/features/chat/atoms';
import {
  applyGenerationCompleted,
  applyGenerationDelta,
  applyGenerationFailed,
  applyGenerationStarted,
  applyJoined,
  applyJoinStarted,
  applySent,
} from '../../../../../client/features/chat/events';

const conversationId = '00000000-0000-4000-8000-000000000001';
const replyId = '00000000-0000-4000-8000-000000000002';

function message(id: string, role: Message['role'], content: string): Message {
  return {
    id,
    conversationId,
    prevId: null,
    role,
    content,
    isStopped: false,
    rating: null,
    subCharacterId: null,
    createdAt: '2026-11-24T10:00:00.000Z',
  };
}

const userMessage = message('00000000-0000-4000-8000-000000000003', 'user', 'Hi');

/** A conversation joined, with the user's message sent and its reply asked for. */
function sent(): ConversationsState {
  const joined = applyJoined(applyJoinStarted({}, conversationId), conversationId, null);
  return applySent(joined, { conversationId, message: userMessage, replyId });
}

const delta = (seq: number, text: string) => ({ conversationId, messageId: replyId, seq, text });
const reply = (s: ConversationsState) => s[conversationId]?.reply;

describe('chat events: the seq rules', () => {
  it('applies deltas in seq order and drops stale and duplicate ones', () => {
    let s = sent();
    s = applyGenerationDelta(s, delta(1, 'Once'));
    s = applyGenerationDelta(s, delta(2, ' upon'));
    s = applyGenerationDelta(s, delta(2, ' upon'));
    s = applyGenerationDelta(s, delta(1, 'Once'));
    expect(reply(s)).toEqual({ messageId: replyId, seq: 2, text: 'Once upon' });
    expect(s[conversationId]?.needsResync).toBe(false);
  });

  it('marks a gap for a resync once joined, and holds it back before the join answers', () => {
    const joined = applyGenerationDelta(sent(), delta(3, ' time'));
    expect(joined[conversationId]?.needsResync).toBe(true);
    expect(reply(joined)?.text).toBe('');

    const joining = applyGenerationDelta(applyJoinStarted(sent(), conversationId), delta(3, 'x'));
    expect(joining[conversationId]?.needsResync).toBe(false);
  });

  it('takes the text so far from the join, then only newer deltas', () => {
    let s = applyJoinStarted({}, conversationId);
    s = applyGenerationDelta(s, delta(2, ' upon'));
    s = applyJoined(s, conversationId, { messageId: replyId, seq: 2, text: 'Once upon' });
    s = applyGenerationDelta(s, delta(2, ' upon'));
    s = applyGenerationDelta(s, delta(3, ' a time'));
    expect(reply(s)).toEqual({ messageId: replyId, seq: 3, text: 'Once upon a time' });
  });

  it('restarts the text when a run taken over after a crash starts, continuing the seq', () => {
    let s = sent();
    s = applyGenerationStarted(s, { conversationId, messageId: replyId, seq: 0 });
    s = applyGenerationDelta(s, delta(1, 'Once'));
    s = applyGenerationDelta(s, delta(2, ' upon'));
    s = applyGenerationStarted(s, { conversationId, messageId: replyId, seq: 2 });
    expect(reply(s)).toEqual({ messageId: replyId, seq: 2, text: '' });
    s = applyGenerationDelta(s, delta(3, 'Once more'));
    expect(reply(s)?.text).toBe('Once more');
    // A late start of the first run changes nothing.
    s = applyGenerationStarted(s, { conversationId, messageId: replyId, seq: 0 });
    expect(reply(s)?.text).toBe('Once more');
  });

  it("keeps a group reply's speaker from its start through its deltas", () => {
    const speakerId = '00000000-0000-4000-8000-0000000000aa';
    let s = sent();
    s = applyGenerationStarted(s, { conversationId, messageId: replyId, seq: 0, speakerId });
    s = applyGenerationDelta(s, delta(1, 'Aye'));
    expect(reply(s)).toEqual({ messageId: replyId, seq: 1, text: 'Aye', speakerId });
  });

  it('ends the streaming when the stored reply arrives, and ignores deltas after it', () => {
    let s = applyGenerationDelta(sent(), delta(1, 'Once'));
    s = applyGenerationCompleted(s, { conversationId, message: message(replyId, 'bot', 'Once!') });
    expect(reply(s)).toBeNull();
    s = applyGenerationDelta(s, delta(2, ' more'));
    s = applyGenerationStarted(s, { conversationId, messageId: replyId, seq: 2 });
    expect(reply(s)).toBeNull();
    expect(s[conversationId]?.messages.map((m) => m.content)).toEqual(['Hi', 'Once!']);
  });

  it('keeps a failure that overtook the acknowledgement instead of waiting forever', () => {
    const joined = applyJoined(applyJoinStarted({}, conversationId), conversationId, null);
    let s = applyGenerationFailed(joined, {
      conversationId,
      messageId: replyId,
      error: { code: 'model_unavailable', message: 'The model is not available right now.' },
    });
    s = applySent(s, { conversationId, message: userMessage, replyId });
    expect(reply(s)).toBeNull();
    expect(s[conversationId]?.failure?.error.code).toBe('model_unavailable');
    expect(s[conversationId]?.messages).toEqual([userMessage]);
  });

  it('a failure ends the reply and keeps the user message for a retry', () => {
    const s = applyGenerationFailed(applyGenerationDelta(sent(), delta(1, 'On')), {
      conversationId,
      messageId: replyId,
      error: { code: 'generation_failed', message: 'The model failed to write a reply.' },
    });
    expect(reply(s)).toBeNull();
    expect(s[conversationId]?.failure?.messageId).toBe(replyId);
    expect(s[conversationId]?.messages).toEqual([userMessage]);
  });

  it('keeps the speaker of a group reply that failed, so Retry asks the same member', () => {
    const speakerId = '00000000-0000-4000-8000-0000000000bb';
    let s = applyGenerationStarted(sent(), {
      conversationId,
      messageId: replyId,
      seq: 0,
      speakerId,
    });
    s = applyGenerationFailed(s, {
      conversationId,
      messageId: replyId,
      error: { code: 'generation_failed', message: 'The model failed to write a reply.' },
    });
    expect(s[conversationId]?.failure).toMatchObject({ messageId: replyId, speakerId });
    // A failure of a reply this client never saw start names nobody.
    const unseen = applyGenerationFailed(sent(), {
      conversationId,
      messageId: '00000000-0000-4000-8000-0000000000cc',
      error: { code: 'generation_failed', message: 'The model failed to write a reply.' },
    });
    expect(unseen[conversationId]?.failure?.speakerId).toBeUndefined();
  });
});
