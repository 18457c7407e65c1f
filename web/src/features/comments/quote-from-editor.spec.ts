import { describe, expect, it } from '@jest/globals';
import { markdownToNode } from '@prd/doc-model';
import { locateQuote } from '@prd/proto';
import { quoteFromEditor } from './quote-from-editor';

/** The editor position where the n-th (0-based) occurrence of `text` starts in the document's text. */
function positionOf(doc: ReturnType<typeof markdownToNode>, text: string, nth = 0): number {
  const found: number[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText) return;
    for (let i = node.text!.indexOf(text); i !== -1; i = node.text!.indexOf(text, i + 1)) found.push(pos + i);
  });
  return found[nth]!;
}

const MARKDOWN = '# Checkout\n\nThe payment step comes first.\n\nPay by **card** today.\n\n## Risks\n\n- The payment step may fail.\n';

describe('quoteFromEditor', () => {
  it('quotes the selected passage so that the server finds that one in the markdown, not an earlier occurrence', () => {
    const doc = markdownToNode(MARKDOWN);
    const from = positionOf(doc, 'payment step', 1);
    const quote = quoteFromEditor(doc, from, from + 'payment step'.length, MARKDOWN);
    expect(quote).not.toBeNull();
    const at = locateQuote(MARKDOWN, quote!);
    expect(MARKDOWN.slice(at!.start)).toMatch(/^payment step may fail/);
    expect(at!.start).toBe(MARKDOWN.lastIndexOf('payment step'));
  });

  it('quotes text within formatting, trimmed of the spaces around it', () => {
    const doc = markdownToNode(MARKDOWN);
    const from = positionOf(doc, 'card') - 1;
    const quote = quoteFromEditor(doc, from, from + ' card '.length, MARKDOWN);
    expect(quote?.exact).toBe('card');
    expect(locateQuote(MARKDOWN, quote!)?.start).toBe(MARKDOWN.indexOf('card'));
  });

  it('refuses a selection the markdown does not hold as selected (across formatting or blocks) and an empty one', () => {
    const doc = markdownToNode(MARKDOWN);
    const across = positionOf(doc, 'by');
    expect(quoteFromEditor(doc, across, across + 'by card'.length, MARKDOWN)).toBeNull();
    const heading = positionOf(doc, 'Checkout');
    expect(quoteFromEditor(doc, heading, positionOf(doc, 'The') + 3, MARKDOWN)).toBeNull();
    expect(quoteFromEditor(doc, heading, heading, MARKDOWN)).toBeNull();
  });
});
