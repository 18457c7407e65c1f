import { describe, expect, it } from '@jest/globals';
import type { Element, ElementContent, Root } from 'hast';
import { rehypeHighlightQuotes } from './highlight-quotes';

const text = (value: string): ElementContent => ({ type: 'text', value });
const el = (tagName: string, ...children: ElementContent[]): Element => ({ type: 'element', tagName, properties: {}, children });
/** The tree as markup, marks written [id:...] (or [*id:...] when active). */
function show(node: Root | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'root') return node.children.map((c) => show(c as ElementContent)).join('');
  if (node.type !== 'element') return '';
  const inner = node.children.map(show).join('');
  if (node.tagName === 'mark') return `[${node.properties.dataActive ? '*' : ''}${String(node.properties.dataCommentId)}:${inner}]`;
  return `<${node.tagName}>${inner}</${node.tagName}>`;
}

describe('rehypeHighlightQuotes', () => {
  const tree = (): Root => ({
    type: 'root',
    children: [el('p', text('Pay at the '), el('strong', text('payment step')), text(' today.')), text('\n'), el('p', text('Then pay at the payment step again.'))],
  });

  it('wraps a quote that spans formatting, at the occurrence its prefix and suffix point to', () => {
    const root = tree();
    rehypeHighlightQuotes({ quotes: [{ id: 7, anchor: { exact: 'the payment step', prefix: 'Then pay at ', suffix: ' again' } }], activeId: null })(root);
    expect(show(root)).toBe('<p>Pay at the <strong>payment step</strong> today.</p>\n<p>Then pay at [7:the payment step] again.</p>');

    const first = tree();
    rehypeHighlightQuotes({ quotes: [{ id: 3, anchor: { exact: 'the payment step', prefix: 'Pay at ', suffix: ' today' } }], activeId: 3 })(first);
    expect(show(first)).toBe('<p>Pay at [*3:the ]<strong>[*3:payment step]</strong> today.</p>\n<p>Then pay at the payment step again.</p>');
  });

  it('marks overlapping quotes with the active one where they overlap, and leaves quotes that are gone alone', () => {
    const root = tree();
    rehypeHighlightQuotes({
      quotes: [
        { id: 1, anchor: { exact: 'Then pay', prefix: '', suffix: '' } },
        { id: 2, anchor: { exact: 'pay at the payment', prefix: 'Then ', suffix: '' } },
        { id: 9, anchor: { exact: 'no longer here', prefix: '', suffix: '' } },
      ],
      activeId: 2,
    })(root);
    expect(show(root)).toBe('<p>Pay at the <strong>payment step</strong> today.</p>\n<p>[1:Then ][*2:pay][*2: at the payment] step again.</p>');
  });
});
