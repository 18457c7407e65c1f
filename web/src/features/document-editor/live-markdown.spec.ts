import { describe, expect, it } from '@jest/globals';
import { markdownToYFragment } from '@prd/doc-model';
import * as Y from 'yjs';
import { followMarkdown } from './live-markdown';

/** Appends a paragraph to the live document, as a keystroke's update would change it. */
const type = (doc: Y.Doc, text: string) => {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment('document').push([paragraph]);
};

describe('followMarkdown', () => {
  it('derives the markdown at once, then once per burst of changes, never during a keystroke', async () => {
    const doc = new Y.Doc();
    markdownToYFragment(doc, '# Plan\n');
    const seen: string[] = [];
    let next: () => void = () => undefined;
    const follow = followMarkdown(doc, (markdown) => {
      seen.push(markdown);
      next();
    });
    expect(seen).toEqual(['# Plan\n']);

    const derived = new Promise<void>((resolve) => (next = resolve));
    type(doc, 'One');
    type(doc, 'Two');
    expect(seen).toHaveLength(1);
    await derived;
    expect(seen).toEqual(['# Plan\n', '# Plan\n\nOne\n\nTwo\n']);
    follow.stop();
  });

  it('answers the current markdown on demand, with the pending change', () => {
    const doc = new Y.Doc();
    markdownToYFragment(doc, 'Intro.\n');
    const follow = followMarkdown(doc, () => undefined);
    type(doc, 'Just typed');
    expect(follow.now()).toBe('Intro.\n\nJust typed\n');
    follow.stop();
  });
});
