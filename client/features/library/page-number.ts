export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/** Page numbers to show: first, last, and the current one with its neighbours, gaps between. */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const wanted = new Set([1, totalPages, current - 1, current, current + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push({ kind: 'page', page: page - 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${page}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
