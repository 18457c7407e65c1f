/**
 * A link's address as a markdown link destination: whitespace and parentheses percent-encoded, so that neither a space
 * nor an unbalanced `)` ends the link early (`encodeURIComponent` leaves parentheses as they are).
 */
export const linkDestination = (href: string) => href.replace(/\s/g, encodeURIComponent).replaceAll('(', '%28').replaceAll(')', '%29');
