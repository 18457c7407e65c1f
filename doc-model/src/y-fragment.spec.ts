import { describe, expect, it } from '@jest/globals';
import * as Y from 'yjs';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { applyMarkdownEdit, documentFragment, markdownToYFragment, yFragmentToMarkdown } from './y-fragment.js';

const paragraphs = (count: number): string[] => Array.from({ length: count }, (_, i) => `Paragraph ${i + 1} says _something_ about the plan.`);
const markdownOf = (blocks: string[]): string => `# Plan\n\n${blocks.join('\n\n')}\n`;

/** The Y.XmlText of the n-th top-level block (0-based). */
const textOf = (doc: Y.Doc, index: number): Y.XmlText => (documentFragment(doc).get(index) as Y.XmlElement).get(0) as Y.XmlText;

function loaded(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  markdownToYFragment(doc, markdown);
  return doc;
}

describe('the document model in Yjs', () => {
  it.each(TEMPLATE_CATALOGUE.map((t) => [t.name, t.content]))('derives %s byte-identically from its fragment', (_name, markdown) => {
    expect(yFragmentToMarkdown(loaded(markdown))).toBe(markdown);
  });

  it('refuses to fill a fragment that already holds a document', () => {
    expect(() => markdownToYFragment(loaded('One\n'), 'Two\n')).toThrow(/not empty/);
  });

  it('applies an outside edit as a minimal change: untouched blocks keep their Yjs items', () => {
    const blocks = paragraphs(12);
    const doc = loaded(markdownOf(blocks));
    const before = documentFragment(doc).toArray();
    const next = markdownOf(blocks.map((block, i) => (i === 9 ? 'Paragraph 10 was rewritten by the AI.' : block)));
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    applyMarkdownEdit(doc, next, 'ai');
    expect(yFragmentToMarkdown(doc)).toBe(next);
    expect(updates).toHaveLength(1);
    const after = documentFragment(doc).toArray();
    expect(after).toHaveLength(before.length);
    after.forEach((element, i) => expect(element).toBe(before[i])); // the same elements, edited in place
    expect(updates[0]!.byteLength).toBeLessThan(200); // a text diff, not the paragraph re-created
  });

  it('applies an inserted and a removed block without touching their neighbours', () => {
    const blocks = paragraphs(6);
    const doc = loaded(markdownOf(blocks));
    const [title, p1, , p3] = documentFragment(doc).toArray();
    const next = markdownOf([blocks[0]!, '- a new list', ...blocks.slice(2)]);
    applyMarkdownEdit(doc, next);
    expect(yFragmentToMarkdown(doc)).toBe(next);
    const after = documentFragment(doc).toArray();
    expect([after[0], after[1], after[3]]).toEqual([title, p1, p3]);
    expect((after[2] as Y.XmlElement).nodeName).toBe('bulletList');
  });

  it('keeps what one person types in paragraph 3 while an outside edit rewrites paragraph 10 on another replica', () => {
    const blocks = paragraphs(12);
    const original = markdownOf(blocks);
    const typist = loaded(original);
    const server = new Y.Doc();
    Y.applyUpdate(server, Y.encodeStateAsUpdate(typist));
    const base = Y.encodeStateVector(typist);

    // Block 0 is the title: paragraph 3 is block 3, paragraph 10 block 10.
    textOf(typist, 3).insert('Paragraph 3 says'.length, ' (typed meanwhile)');
    applyMarkdownEdit(server, markdownOf(blocks.map((block, i) => (i === 9 ? 'Paragraph 10, as the AI rewrote it.' : block))), 'ai');

    Y.applyUpdate(server, Y.encodeStateAsUpdate(typist, base));
    Y.applyUpdate(typist, Y.encodeStateAsUpdate(server, base));

    const expected = original.replace('Paragraph 3 says _something_', 'Paragraph 3 says (typed meanwhile) _something_').replace(blocks[9]!, 'Paragraph 10, as the AI rewrote it.');
    expect(yFragmentToMarkdown(typist)).toBe(expected);
    expect(yFragmentToMarkdown(server)).toBe(expected);
  });
});
