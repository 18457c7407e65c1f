/** A project id from the route, or null when it is not a positive integer (docs/product.md §5: queries stay off). */
export function parseProjectId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
