/** Autopilot in the chat state: the draft streams as a run of its own and lands in the message box. */
import { describe, expect, it } from 'vitest';
import {
  conversationViewAtom,
  type ConversationsState,
  conversationsAtom,
} from '../../../../../client/features/chat/atoms';
import {
  applyAutopilotAsked,
  applyAutopilotCompleted,
  applyGenerationDelta,
  applyGenerationFailed,
  applyGenerationStarted,
  applyJoined,
  applyJoinStarted,
} from '../../../../../client/features/chat/events';
import { createAppStore } from '../../../../../client/lib/store';

const conversationId = '00000000-0000-4000-8000-000000000011';
const draftId = '00000000-0000-4000-8000-000000000012';

const joined = (): ConversationsState =>
  applyJoined(applyJoinStarted({}, conversationId), conversationId, null);

function viewOf(state: ConversationsState) {
  const store = createAppStore();
  store.set(conversationsAtom, state);
  return store.get(conversationViewAtom(conversationId));
}

describe('chat events: autopilot', () => {
  it('streams a draft as autopilot, whichever of the ack and the start comes first', () => {
    const ackFirst = applyGenerationStarted(
      applyAutopilotAsked(joined(), conversationId, draftId),
      { conversationId, messageId: draftId, seq: 0 },
    );
    const startFirst = applyAutopilotAsked(
      applyGenerationStarted(joined(), {
        conversationId,
        messageId: draftId,
        seq: 0,
        isAutopilot: true,
      }),
      conversationId,
      draftId,
    );
    for (const s of [ackFirst, startFirst]) {
      const streamed = applyGenerationDelta(s, {
        conversationId,
        messageId: draftId,
        seq: 1,
        text: 'I wave',
      });
      const view = viewOf(streamed);
      expect(view.isGenerating).toBe(true);
      expect(view.isAutopilotWriting).toBe(true);
      expect(view.reply).toEqual({ messageId: draftId, seq: 1, text: 'I wave', isAutopilot: true });
    }
  });

  it('hands the finished draft over once and frees the composer', () => {
    let s = applyAutopilotAsked(joined(), conversationId, draftId);
    const done = { conversationId, draftId, text: 'I wave.', isStopped: false };
    s = applyAutopilotCompleted(s, done);
    expect(applyAutopilotCompleted(s, done)).toEqual(s);
    // A late start of the finished draft does not bring the stream back.
    expect(applyGenerationStarted(s, { conversationId, messageId: draftId, seq: 0 })).toEqual(s);
    const view = viewOf(s);
    expect(view.isGenerating).toBe(false);
    expect(view.autopilotDraft).toEqual({ draftId, text: 'I wave.', isStopped: false });
  });

  it('shows a failed draft as an error, never as a reply to retry', () => {
    let s = applyAutopilotAsked(joined(), conversationId, draftId);
    s = applyGenerationFailed(s, {
      conversationId,
      messageId: draftId,
      error: { code: 'model_unavailable', message: 'down' },
    });
    const view = viewOf(s);
    expect(view.failure).toMatchObject({ messageId: draftId, isAutopilot: true });
    expect(view.isAwaitingRetry).toBe(false);
    expect(view.isGenerating).toBe(false);
  });

  it('resumes a draft in flight after a reload as autopilot', () => {
    const s = applyJoined(applyJoinStarted({}, conversationId), conversationId, {
      messageId: draftId,
      text: 'I wa',
      seq: 3,
      isAutopilot: true,
    });
    expect(viewOf(s).isAutopilotWriting).toBe(true);
  });
});
