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
    const quote = quoteFromEditor(doc, from, from + 'payment step'.length);
    expect(quote).not.toBeNull();
    const at = locateQuote(MARKDOWN, quote!);
    expect(MARKDOWN.slice(at!.start)).toMatch(/^payment step may fail/);
    expect(at!.start).toBe(MARKDOWN.lastIndexOf('payment step'));
  });

  it('quotes text within formatting, trimmed of the spaces around it', () => {
    const doc = markdownToNode(MARKDOWN);
    const from = positionOf(doc, 'card') - 1;
    const quote = quoteFromEditor(doc, from, from + ' card '.length);
    expect(quote?.exact).toBe('card');
    expect(locateQuote(MARKDOWN, quote!)?.start).toBe(MARKDOWN.indexOf('card'));
  });

  it('quotes a passage across formatting as the markdown holds it, with the syntax of what it opens and a link whole', () => {
    const doc = markdownToNode(MARKDOWN);
    const across = positionOf(doc, 'Pay by');
    const quote = quoteFromEditor(doc, across, across + 'Pay by card today.'.length);
    expect(quote?.exact).toBe('Pay by **card** today.');
    expect(locateQuote(MARKDOWN, quote!)?.start).toBe(MARKDOWN.indexOf('Pay by'));
    // A selection ending inside the bold run takes the run whole, so the quote never holds half of its syntax.
    const into = positionOf(doc, 'by');
    expect(quoteFromEditor(doc, into, positionOf(doc, 'card') + 2)?.exact).toBe('by **card**');
    const linked = markdownToNode('Read [the brief](https://example.com/brief) first.\n');
    const link = positionOf(linked, 'the brief');
    expect(quoteFromEditor(linked, link, link + 'the brief first'.length)?.exact).toBe('[the brief](https://example.com/brief) first');
  });

  it('quotes within a list, a heading and a code block by their text, without their markers', () => {
    const doc = markdownToNode('## Goals\n\n- Fewer *drop-offs*\n- Faster pay\n\n```ts\nconst total = 1;\n```\n');
    const goals = positionOf(doc, 'Goals');
    expect(quoteFromEditor(doc, goals, goals + 5)?.exact).toBe('Goals');
    const item = positionOf(doc, 'Fewer');
    expect(quoteFromEditor(doc, item, positionOf(doc, 'drop-offs') + 'drop-offs'.length)?.exact).toBe('Fewer *drop-offs*');
    const code = positionOf(doc, 'total');
    expect(quoteFromEditor(doc, code, code + 'total = 1'.length)?.exact).toBe('total = 1');
  });

  it('quotes a paragraph selected up to the start of the next block, as a triple click may select it', () => {
    const doc = markdownToNode(MARKDOWN);
    const start = positionOf(doc, 'Pay by');
    expect(quoteFromEditor(doc, start, positionOf(doc, 'Risks'))?.exact).toBe('Pay by **card** today.');
  });

  it('refuses a selection across blocks, and an empty one', () => {
    const doc = markdownToNode(MARKDOWN);
    const heading = positionOf(doc, 'Checkout');
    expect(quoteFromEditor(doc, heading, positionOf(doc, 'The') + 3)).toBeNull();
    expect(quoteFromEditor(doc, heading, heading)).toBeNull();
  });
});
