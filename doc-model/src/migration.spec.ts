import { describe, expect, it } from '@jest/globals';
import * as Y from 'yjs';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { markdownSourceToFragment, SOURCE_TEXT_NAME } from './migration.js';
import { applyMarkdownEdit, documentFragment, yFragmentToMarkdown } from './y-fragment.js';

/** A live state as the markdown-source era stored it: the markdown in a Y.Text, sent through an update. */
function sourceEraDoc(markdown: string): Y.Doc {
  const old = new Y.Doc();
  old.getText(SOURCE_TEXT_NAME).insert(0, markdown);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(old));
  return doc;
}

describe('markdownSourceToFragment', () => {
  it.each(TEMPLATE_CATALOGUE.slice(0, 5).map((t) => [t.name, t.content]))('converts a live %s without loss', (_name, markdown) => {
    const doc = sourceEraDoc(markdown);
    expect(markdownSourceToFragment(doc, 'migration')).toBe(true);
    expect(yFragmentToMarkdown(doc)).toBe(markdown);
    expect(doc.getText(SOURCE_TEXT_NAME).toString()).toBe(markdown); // an old client still reads its text
  });

  it('converts once: a document that has its fragment keeps it', () => {
    const doc = sourceEraDoc('# Old\n');
    markdownSourceToFragment(doc);
    applyMarkdownEdit(doc, '# New\n');
    expect(markdownSourceToFragment(doc)).toBe(false);
    expect(yFragmentToMarkdown(doc)).toBe('# New\n');
  });

  it('leaves a document without text alone', () => {
    const doc = new Y.Doc();
    expect(markdownSourceToFragment(doc)).toBe(false);
    expect(documentFragment(doc).length).toBe(0);
  });
});
