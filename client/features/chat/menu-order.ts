/**
 * The chat header menu's order (product-core.md, "Chat screen"): the page and the chat compose items
 * from several features, and this one list says where each goes. Items the spec does not name (Export
 * Chat) follow the named ones in the order they came.
 */
import type { MenuItem } from '../../components/menu';

const specOrder = [
  'Start New Chat',
  'Share Chatbot',
  'View Saved Chats',
  'Remove Messages',
  'Change Persona',
  'Clone Conversation',
  'Change Title',
  'Add to Favorites',
  'Remove from Favorites',
  'Enable Auto Response',
  'Disable Auto Response',
  'Block Creator',
  'Edit Chatbot',
  'Set Voice',
  'Manage Memories',
  'Generation Settings',
  'View Profile',
];

function rankOf(item: MenuItem): number {
  const rank = specOrder.indexOf(item.label);
  return rank === -1 ? specOrder.length : rank;
}

/** The items in the spec's order; a stable sort keeps unnamed ones as given. */
export function sortedMenuItems(items: readonly MenuItem[]): MenuItem[] {
  return [...items].sort((a, b) => rankOf(a) - rankOf(b));
}
