/**
 * The page numbers to show as buttons (docs/product.md §2): at most `maxButtons`, centred on the current page
 * and sliding so the window stays full near the first and last pages. Pages are 1-based.
 */
export function pageWindow(current: number, totalPages: number, maxButtons: number): number[] {
  if (totalPages <= 0 || maxButtons <= 0) return [];
  const size = Math.min(maxButtons, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** How many pages `count` items fill at `pageSize` a page. */
export const pageCount = (count: number, pageSize: number): number => Math.ceil(count / pageSize);
