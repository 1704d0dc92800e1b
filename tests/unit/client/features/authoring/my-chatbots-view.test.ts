import { describe, expect, it } from 'vitest';
import type { OwnCharacterSummary } from '#shared/schemas/own-character';
import { countLine, viewChatbots } from '../../../../../client/features/authoring/my-chatbots-view';

function bot(over: Partial<OwnCharacterSummary>): OwnCharacterSummary {
  return {
    id: crypto.randomUUID(),
    type: 'standard',
    name: 'Bot',
    title: 'A bot',
    avatarUrl: null,
    tags: [],
    numMessages: 0,
    isNsfw: false,
    creatorUsername: 'me',
    visibility: 'private',
    moderationStatus: null,
    moderationReasons: [],
    moderationAction: null,
    submitForManualReview: false,
    ratingScore: 0,
    tokenCount: 10,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const all = [
  bot({ name: 'Old public', visibility: 'public', createdAt: '2026-01-01T00:00:00.000Z' }),
  bot({ name: 'Fix me', visibility: 'public', moderationStatus: 'fix_required' }),
  bot({ name: 'Pending', visibility: 'public', moderationStatus: 'pending' }),
  bot({ name: 'New private', createdAt: '2026-03-01T00:00:00.000Z', ratingScore: 0.9 }),
  bot({ name: 'Unlisted', visibility: 'hidden', tags: ['Dragons'] }),
  bot({ name: 'Manual', visibility: 'public', moderationStatus: 'manual_review_required' }),
];
const names = (list: OwnCharacterSummary[]) => list.map((c) => c.name);

describe('viewChatbots', () => {
  it('puts fix_required first, then review, then the rest in the chosen sort', () => {
    const latest = names(viewChatbots(all, { search: '', filter: 'All', sort: 'Latest' }));
    expect(latest.slice(0, 2)).toEqual(['Fix me', 'Pending']);
    expect(latest[2]).toBe('New private');
    expect(names(viewChatbots(all, { search: '', filter: 'All', sort: 'Name' })).slice(2)).toEqual([
      'Manual',
      'New private',
      'Old public',
      'Unlisted',
    ]);
  });

  it('filters by visibility and review state', () => {
    const view = (filter: Parameters<typeof viewChatbots>[1]['filter']) =>
      names(viewChatbots(all, { search: '', filter, sort: 'Name' }));
    expect(view('Unlisted')).toEqual(['Unlisted']);
    expect(view('Private')).toEqual(['New private']);
    expect(view('Under Review')).toEqual(['Pending', 'Manual']);
    expect(view('Action Required')).toEqual(['Fix me']);
  });

  it('searches names, titles and tags, ignoring case', () => {
    expect(names(viewChatbots(all, { search: 'dRaGoN', filter: 'All', sort: 'Name' }))).toEqual([
      'Unlisted',
    ]);
    expect(viewChatbots(all, { search: 'nothing here', filter: 'All', sort: 'Name' })).toEqual([]);
  });

  it('says how many were found', () => {
    expect(countLine(0)).toBe('0 chatbots found');
    expect(countLine(1)).toBe('1 chatbot found');
    expect(countLine(3)).toBe('3 chatbots found');
  });
});
