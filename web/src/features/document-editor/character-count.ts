// Digits grouped by hand rather than by Intl.NumberFormat: the first formatter a page makes loads ICU's locale data, about
// 40 ms of a document open's main thread on this machine (and four times that on a phone) before the count can render.
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '1,234 characters' (docs/product.md §2: the preview's character count). */
export const characterCount = (text: string): string => `${grouped(text.length)} character${text.length === 1 ? '' : 's'}`;
