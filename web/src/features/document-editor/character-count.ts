/** '1,234 characters' (docs/product.md §2: the preview's character count). */
export const characterCount = (text: string): string => `${text.length.toLocaleString('en-US')} character${text.length === 1 ? '' : 's'}`;
