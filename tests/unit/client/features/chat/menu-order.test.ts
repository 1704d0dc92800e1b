/** The chat header menu follows the spec's order whoever composed its items. */
import { describe, expect, it } from 'vitest';
import { sortedMenuItems } from '../../../../../client/features/chat/menu-order';

const item = (label: string) => ({ label, onSelect: () => undefined });

describe('sortedMenuItems', () => {
  it("puts the spec's items in its order and unnamed ones after them, as given", () => {
    const labels = sortedMenuItems([
      item('Generation Settings'),
      item('Manage Memories'),
      item('Export Chat'),
      item('View Saved Chats'),
      item('Start New Chat'),
      item('Change Title'),
      item('Remove Messages'),
      item('Something Else'),
    ]).map((i) => i.label);
    expect(labels).toEqual([
      'Start New Chat',
      'View Saved Chats',
      'Remove Messages',
      'Change Title',
      'Manage Memories',
      'Generation Settings',
      'Export Chat',
      'Something Else',
    ]);
  });
});
