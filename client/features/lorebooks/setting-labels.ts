/** How the entry form, the test box and the Lorebook Guide name an entry's placement and logic. */
import type { EntryPlacement, SelectiveLogic } from '#shared/schemas/lorebook';

export const placementLabels: Record<EntryPlacement, string> = {
  before_char: 'Before the character definition',
  after_char: 'After the character definition',
  at_depth: 'In the chat, at a depth',
};

export const logicLabels: Record<SelectiveLogic, string> = {
  and_any: 'AND ANY: one of them must appear too',
  and_all: 'AND ALL: all of them must appear too',
  not_any: 'NOT ANY: none of them may appear',
  not_all: 'NOT ALL: not all of them may appear',
};
