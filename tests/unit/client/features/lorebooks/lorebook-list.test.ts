import { describe, expect, it } from 'vitest';
import type { LorebookSummary } from '#shared/schemas/lorebook';
import { viewLorebooks } from '../../../../../client/features/lorebooks/components/lorebook-list';

function book(name: string, description: string, createdAt: string): LorebookSummary {
  return {
    id: crypto.randomUUID(),
    name,
    description,
    avatarUrl: '/uploads/lorebook-avatars/a.webp',
    tags: ['One', 'Two'],
    creatorUsername: 'me',
    numEntries: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

const all = [
  book('Harbor Lore', 'The old harbor town.', '2026-02-01T00:00:00.000Z'),
  book('age of Kings', 'Crowns and castles.', '2026-03-01T00:00:00.000Z'),
  book('Moon Lore', 'A harbor on the moon.', '2026-01-01T00:00:00.000Z'),
];
const names = (list: LorebookSummary[]) => list.map((b) => b.name);

describe('viewLorebooks (My Lorebooks)', () => {
  it('sorts Latest, Oldest and Name (ignoring case)', () => {
    expect(names(viewLorebooks(all, '', 'Latest'))).toEqual([
      'age of Kings',
      'Harbor Lore',
      'Moon Lore',
    ]);
    expect(names(viewLorebooks(all, '', 'Oldest'))).toEqual([
      'Moon Lore',
      'Harbor Lore',
      'age of Kings',
    ]);
    expect(names(viewLorebooks(all, '', 'Name'))).toEqual([
      'age of Kings',
      'Harbor Lore',
      'Moon Lore',
    ]);
  });

  it('searches names and descriptions, ignoring case and outer spaces, without changing the list', () => {
    expect(names(viewLorebooks(all, '  HARBOR ', 'Name'))).toEqual(['Harbor Lore', 'Moon Lore']);
    expect(viewLorebooks(all, 'dragons', 'Latest')).toEqual([]);
    expect(names(all)).toEqual(['Harbor Lore', 'age of Kings', 'Moon Lore']);
  });
});
