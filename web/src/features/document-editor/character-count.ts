// One formatter for every count: `toLocaleString('en-US')` builds a new one on each call, and the count renders with
// every change of the page (about 37 ms of an open's CPU in a profile).
const GROUPED = new Intl.NumberFormat('en-US');

/** '1,234 characters' (docs/product.md §2: the preview's character count). */
export const characterCount = (text: string): string => `${GROUPED.format(text.length)} character${text.length === 1 ? '' : 's'}`;
