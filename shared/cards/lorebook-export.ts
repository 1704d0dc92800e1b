/**
 * Lorebook export in the character-card book shape (docs/formats.md §3.1, §3.4) with the spec's
 * defaults (product-rules.md §8: priority 100, insertion order 100, probability 100, enabled), wrapped
 * as `{spec, spec_version, data}` so that our import reads it back. `probability` is also written in
 * `extensions`, where SillyTavern reads it.
 */
import { exportedEntryDefaults } from '../rules/lorebook';
import type { Lorebook } from '../schemas/lorebook';

export const lorebookExportSpec = 'charchat_lorebook';
export const lorebookExportVersion = '1.0';
/** The book's `extensions` key that carries our tags, which no lorebook format has a field for. */
export const lorebookTagsExtension = 'charchat/tags';

export function exportLorebook(book: Lorebook) {
  return {
    spec: lorebookExportSpec,
    spec_version: lorebookExportVersion,
    data: {
      name: book.name,
      description: book.description,
      scan_depth: book.scanDepth,
      token_budget: book.tokenBudget,
      recursive_scanning: false,
      extensions: { [lorebookTagsExtension]: book.tags },
      entries: book.entries.map((e, i) => ({
        id: i,
        name: e.name,
        comment: e.name,
        keys: e.keywords,
        secondary_keys: [],
        content: e.content,
        enabled: e.enabled,
        constant: false,
        selective: false,
        case_sensitive: false,
        priority: e.priority,
        insertion_order: e.insertionOrder,
        probability: exportedEntryDefaults.probability,
        position: 'before_char',
        extensions: { probability: exportedEntryDefaults.probability, useProbability: true },
      })),
    },
  };
}
