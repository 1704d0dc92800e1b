/** How the chat holds its images (issue 26 item 2): REST answers and `image:updated` end in one state. */
import { describe, expect, it } from 'vitest';
import type { MessageImage } from '#shared/rules/images';
import { applyImage, applyImages } from '../../../../../client/features/chat/images';

const messageId = '00000000-0000-4000-8000-000000000001';
const first = '00000000-0000-4000-8000-0000000000a1';
const second = '00000000-0000-4000-8000-0000000000a2';

function image(change: Partial<MessageImage> = {}): MessageImage {
  return {
    messageId,
    generationId: first,
    prompt: 'a fox',
    status: 'queued',
    progress: 0,
    url: null,
    error: null,
    width: 256,
    height: 256,
    rating: null,
    ...change,
  };
}

describe('applyImage', () => {
  it('moves a generation forward and never back', () => {
    let state = applyImage({}, image());
    state = applyImage(state, image({ status: 'generating', progress: 40 }));
    // Generate's answer (queued) arriving after the worker's news changes nothing.
    state = applyImage(state, image());
    expect(state[messageId]).toMatchObject({ status: 'generating', progress: 40 });
    state = applyImage(state, image({ status: 'generating', progress: 20 }));
    expect(state[messageId]?.progress).toBe(40);
    state = applyImage(state, image({ status: 'done', progress: 100, url: '/x' }));
    state = applyImage(state, image({ status: 'generating', progress: 90 }));
    expect(state[messageId]).toMatchObject({ status: 'done', url: '/x' });
  });

  it('takes a rating of a done image, and a new generation over the old one', () => {
    const done = image({ status: 'done', progress: 100, url: '/x' });
    let state = applyImage({}, done);
    state = applyImage(state, { ...done, rating: { level: 'Great', reasons: ['Funny'] } });
    expect(state[messageId]?.rating).toEqual({ level: 'Great', reasons: ['Funny'] });
    state = applyImage(state, image({ generationId: second, prompt: 'a wolf' }));
    expect(state[messageId]).toMatchObject({
      generationId: second,
      status: 'queued',
      rating: null,
    });
  });

  it('ends in the same state from the events as from a REST load of the end', () => {
    const events = [
      image(),
      image({ status: 'generating' }),
      image({ status: 'generating', progress: 55 }),
      image({ status: 'done', progress: 100, url: '/x' }),
    ];
    expect(events.reduce(applyImage, {})).toEqual(applyImages({}, [events[3] ?? image()]));
  });
});
