/** A document's version as its strong `ETag` (docs/decisions/0035-edits-merge.md). */
export const etagOf = (version: number): string => `"${version}"`;

const ENTITY_TAG = /^(?:W\/)?"(\d{1,10})"$/;

/**
 * The versions an `If-Match` header accepts; undefined without one (or `*`: any version), and an
 * empty list when it names none of ours. The gateway's gzip turns the strong tag it compresses into
 * `W/"7"`, which names the same version, so that form is read too.
 */
export function ifMatchVersions(header: string | undefined): number[] | undefined {
  const value = header?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  return value.split(',').flatMap((tag) => {
    const match = ENTITY_TAG.exec(tag.trim());
    return match ? [Number(match[1])] : [];
  });
}
