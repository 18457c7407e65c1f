/**
 * What the conversion rules read of turndown's nodes (domino's DOM in Node). The service is compiled
 * without the DOM library, so turndown's `HTMLElement` is cast to this.
 */
export interface DomElement {
  nodeName: string;
  children: ArrayLike<DomElement>;
  parentNode: DomElement | null;
  nextSibling: unknown;
  classList?: ArrayLike<string>;
  getAttribute(name: string): string | null;
}

export const element = (node: unknown) => node as DomElement;
