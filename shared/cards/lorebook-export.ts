/**
 * Lorebook export in the character-card book shape (docs/formats.md §3.1, §3.4), wrapped as
 * `{spec, spec_version, data}` so that our import reads it back. Each entry writes its own settings:
 * the V2 fields, and in `extensions` what SillyTavern reads there (position and depth, selective
 * logic, probability, recursion, case and whole-word matching), over the extensions it came in with.
 */
import type { Lorebook, LorebookEntry, SelectiveLogic } from '../schemas/lorebook';

export const lorebookExportSpec = 'charchat_lorebook';
export const lorebookExportVersion = '1.0';
/** The book's `extensions` key that carries our tags, which no lorebook format has a field for. */
export const lorebookTagsExtension = 'charchat/tags';

/** SillyTavern's numbers for the selective logic and the positions we use. */
const stLogic: Record<SelectiveLogic, number> = { and_any: 0, not_all: 1, not_any: 2, and_all: 3 };
const stPosition = { before_char: 0, after_char: 1, at_depth: 4 } as const;

function exportEntry(e: LorebookEntry, i: number) {
  return {
    id: i,
    name: e.name,
    comment: e.name,
    keys: e.keywords,
    secondary_keys: e.secondaryKeywords,
    content: e.content,
    enabled: e.enabled,
    constant: e.constant,
    selective: e.secondaryKeywords.length > 0,
    case_sensitive: e.caseSensitive,
    priority: e.priority,
    insertion_order: e.insertionOrder,
    probability: e.probability,
    // V2 knows only before and after; an entry at a depth says so in its extensions.
    position: e.placement === 'after_char' ? 'after_char' : 'before_char',
    extensions: {
      ...e.extensions,
      // A place we have none for (ST's author's note, example, outlet positions) was kept raw and
      // placed before the definition; while it stays there, the raw place is written back.
      position:
        e.placement === 'before_char' && e.extensions.position !== undefined
          ? e.extensions.position
          : stPosition[e.placement],
      depth: e.depth,
      selectiveLogic: stLogic[e.selectiveLogic],
      probability: e.probability,
      // Probability turned off (always in) stays off while the entry still always goes in.
      useProbability: !(e.extensions.useProbability === false && e.probability === 100),
      exclude_recursion: e.excludeRecursion,
      prevent_recursion: e.preventRecursion,
      delay_until_recursion: e.delayUntilRecursion,
      case_sensitive: e.caseSensitive,
      match_whole_words: e.matchWholeWords,
    },
  };
}

export function exportLorebook(book: Lorebook) {
  return {
    spec: lorebookExportSpec,
    spec_version: lorebookExportVersion,
    data: {
      name: book.name,
      description: book.description,
      scan_depth: book.scanDepth,
      token_budget: book.tokenBudget,
      recursive_scanning: book.recursiveScanning,
      extensions: { [lorebookTagsExtension]: book.tags },
      entries: book.entries.map(exportEntry),
    },
  };
}
