import { applyPatch, structuredPatch } from 'diff';

/**
 * The source edited in the Markdown view (`mine`, from `base`) merged with the document as it is now
 * (`current`, changed by others meanwhile): jsdiff's patch of base → mine applied to current, its
 * context allowed to differ by a line or two. Where both changed the same lines the patch cannot apply,
 * and what the person sees in the box wins: it is what they just wrote.
 */
export function mergeSource(base: string, mine: string, current: string): string {
  if (current === base) return mine;
  const merged = applyPatch(current, structuredPatch('', '', base, mine), { fuzzFactor: 2 });
  return merged === false ? mine : merged;
}
