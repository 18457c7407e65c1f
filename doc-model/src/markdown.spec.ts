import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { JSONContent } from '@tiptap/core';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { documentSchema } from './extensions.js';
import { jsonToMarkdown, markdownBlocks, markdownToJson, markdownToNode } from './markdown.js';
import { SOURCE_ATTRIBUTES } from './markdown-source.js';

const gfm = readFileSync(new URL('./corpus/gfm.md', import.meta.url), 'utf8');
const corpus: [string, string][] = [...TEMPLATE_CATALOGUE.map((t): [string, string] => [t.name, t.content]), ['GFM corpus', gfm]];

/** The model without the source attributes: what the editor shows, and what a re-serialization must keep. */
function structure(json: JSONContent): JSONContent {
  const attrs = { ...json.attrs };
  for (const name of SOURCE_ATTRIBUTES) delete attrs[name];
  return { ...json, attrs, ...(json.content ? { content: json.content.map(structure) } : {}) };
}

const normal = (json: JSONContent): JSONContent => structure(documentSchema.nodeFromJSON(json).toJSON() as JSONContent);

/** Replaces the text of the first paragraph whose text contains `marker` (as an editor would: the source attribute stays). */
function editParagraph(json: JSONContent, marker: string, text: string): JSONContent {
  const content = (json.content ?? []).map((node) =>
    node.type === 'paragraph' && (node.content ?? []).some((child) => child.text?.includes(marker)) ? { ...node, content: [{ type: 'text', text }] } : node,
  );
  return { ...json, content };
}

describe('the markdown of the shared document model', () => {
  it.each(corpus)('opens and saves %s byte-identically', (_name, markdown) => {
    const json = markdownToJson(markdown);
    documentSchema.nodeFromJSON(json).check();
    expect(jsonToMarkdown(json)).toBe(markdown);
  });

  it.each(corpus)('re-serializes every block of %s to the same structure (the house style loses nothing)', (_name, markdown) => {
    const json = markdownToJson(markdown);
    const reserialized = jsonToMarkdown(structure(json));
    expect(normal(markdownToJson(reserialized))).toEqual(normal(json));
  });

  it.each(TEMPLATE_CATALOGUE.map((t) => [t.name, t.content]))('keeps every other line of %s byte-identical after an edit of one paragraph', (_name, markdown) => {
    const lines = markdown.split('\n');
    const target = lines.findIndex((line) => line.startsWith('_'));
    const marker = lines[target]!.slice(1, 30);
    const saved = jsonToMarkdown(editParagraph(markdownToJson(markdown), marker, 'Rewritten by a person.'));
    expect(saved.split('\n')).toEqual(lines.map((line, index) => (index === target ? 'Rewritten by a person.' : line)));
  });

  it('keeps every other line of the GFM corpus byte-identical after an edit of one paragraph', () => {
    const lines = gfm.split('\n');
    const saved = jsonToMarkdown(editParagraph(markdownToJson(gfm), 'Last paragraph', 'Edited.'));
    expect(saved.split('\n')).toEqual(lines.map((line) => (line === 'Last paragraph.' ? 'Edited.' : line)));
  });

  it('holds every GFM construct the editor offers', () => {
    const doc = normal(markdownToJson(gfm));
    const types = new Set<string>();
    const marks = new Set<string>();
    const walk = (node: JSONContent): void => {
      types.add(node.type!);
      node.marks?.forEach((mark) => marks.add(mark.type));
      node.content?.forEach(walk);
    };
    walk(doc);
    for (const type of ['heading', 'bulletList', 'orderedList', 'taskList', 'taskItem', 'table', 'codeBlock', 'blockquote', 'image', 'horizontalRule', 'hardBreak'])
      expect(types).toContain(type);
    for (const mark of ['bold', 'italic', 'strike', 'code', 'link']) expect(marks).toContain(mark);
    const headings = doc.content!.filter((node) => node.type === 'heading').map((node) => node.attrs!.level as number);
    expect(headings).toEqual([1, 2, 3, 4, 5, 6]);
    expect(doc.content!.find((node) => node.type === 'codeBlock')!.attrs!.language).toBe('ts');
    const header = doc.content!.find((node) => node.type === 'table')!.content![0]!.content!;
    expect(header.map((cell) => cell.attrs!.align)).toEqual(['left', 'center', 'right']);
    const tasks = doc.content!.find((node) => node.type === 'taskList')!.content!;
    expect(tasks.map((task) => task.attrs!.checked)).toEqual([false, true]);
  });

  it('writes an edited block in the house style: underscores for emphasis, dashes for bullets', () => {
    const json = markdownToJson('Intro.\n');
    const edited = {
      ...json,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'soft', marks: [{ type: 'italic' }] }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }] },
      ],
    };
    expect(jsonToMarkdown(edited)).toBe('_soft_\n\n- one\n');
  });

  it('separates blocks by a blank line where the tight original spacing would join them to a new neighbour', () => {
    const json = markdownToJson('Intro\n> Quote\n\n## Heading\nBody\n');
    const withoutHeading = { ...json, content: json.content!.filter((node) => node.type !== 'heading') };
    // "> Quote\nBody" would make Body part of the quote.
    expect(jsonToMarkdown(withoutHeading)).toBe('Intro\n> Quote\n\nBody\n');
  });

  it('keeps text that no node holds, such as an HTML comment, in place', () => {
    const markdown = 'One\n\n<!-- note for editors -->\n\nTwo\n';
    expect(jsonToMarkdown(markdownToJson(markdown))).toBe(markdown);
  });

  it('writes nothing for an empty document or an empty paragraph', () => {
    expect(jsonToMarkdown(markdownToJson(''))).toBe('');
    expect(jsonToMarkdown({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
  });

  it('says where each top-level block stands in the markdown, an edited one and an empty paragraph too', () => {
    const source = '# Plan\n\nShip **on time**.\n\n- a\n- b\n';
    const doc = markdownToNode(source);
    const heading = documentSchema.nodes.heading!.create({ level: 2 }, documentSchema.text('Goals'));
    const withEmpty = doc.copy(doc.content.replaceChild(0, heading).addToEnd(documentSchema.nodes.paragraph!.create()));
    const { markdown, blocks } = markdownBlocks(withEmpty);
    expect(markdown).toBe('## Goals\n\nShip **on time**.\n\n- a\n- b\n');
    expect(blocks.map(({ start, end }) => markdown.slice(start, end))).toEqual(['## Goals', 'Ship **on time**.', '- a\n- b', '']);
    expect(blocks[3]).toEqual({ start: markdown.length - 1, end: markdown.length - 1 });
  });
});
