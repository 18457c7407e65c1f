/** The first `chars` characters of a text, followed by '...' when it was longer (docs/product.md §2). */
export const preview = (text: string, chars: number): string => (text.length > chars ? `${text.slice(0, chars)}...` : text);
