import { characterCount } from './character-count';
import type { LiveDocument } from './live-document';
import { useLiveText } from './use-live-document';

/** The page's character count (docs/product.md §2) of the live markdown, `stored`'s until it is derived. */
export function LiveCharacterCount({ live, stored }: { live: LiveDocument | null; stored: string }) {
  return <span data-testid="character-count">{characterCount(useLiveText(live, stored))}</span>;
}
