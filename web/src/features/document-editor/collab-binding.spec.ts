/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import * as Y from 'yjs';
import { COLLAB_TEXT } from '@prd/proto';
import { collabExtensions, editable } from './collab-extensions';

/**
 * The editor's binding to the live text (docs/decisions/0013-live-co-editing.md): a markdown document
 * loaded into the editor comes back unchanged, and an edit in one place leaves every other construct as it was.
 * Two Y.Docs stand for the server's copy and this browser's, kept in step as the provider keeps them.
 */
const RICH = [
  '# Launch plan',
  '',
  'Intro with a [link](https://example.com/a?b=1&c=2 "title"), an autolink <https://example.org>, a [reference][ref] and `inline code`.',
  '',
  '## Table',
  '',
  '| Feature | Owner | Status |',
  '| :------ | :---: | -----: |',
  '| Sign-up | Ana   | done ✅ |',
  '| Export \\| Word | Bo | 50% |',
  '',
  '## Tasks',
  '',
  '- [x] Draft the brief',
  '- [ ] Review with legal',
  '  - [ ] Nested task',
  '',
  '## Code',
  '',
  '```ts',
  'const answer = { value: 42 };\t// a tab',
  '',
  'export default answer;',
  '```',
  '',
  '~~~',
  'plain fence with ``` inside',
  '~~~',
  '',
  'A Windows line\r',
  'Trailing spaces for a break  ',
  'next line 👩‍💻 and émoji.',
  '',
  '<!-- a comment -->',
  '',
  '## Notes',
  '',
  'Last paragraph.',
  '',
  '[ref]: https://example.net/ref',
  '',
].join('\n');

function connectedDocs(): { server: Y.Doc; client: Y.Doc } {
  const server = new Y.Doc();
  const client = new Y.Doc();
  server.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== client) Y.applyUpdate(client, update, server);
  });
  client.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== server) Y.applyUpdate(server, update, client);
  });
  return { server, client };
}

const views: EditorView[] = [];
function editorOn(text: Y.Text, canEdit = true): EditorView {
  const view = new EditorView({
    parent: document.body,
    state: EditorState.create({ doc: text.toString(), extensions: [collabExtensions(text, null), editable(canEdit)] }),
  });
  views.push(view);
  return view;
}

afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

/** The tables, task items, code blocks and links of a markdown text, as the preview's parser (remark-gfm) sees them. */
function constructs(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: Nodes) => {
    const slice = () => markdown.slice(node.position?.start.offset, node.position?.end.offset);
    if (node.type === 'table' || node.type === 'code') found.push(`${node.type}: ${slice()}`);
    if (node.type === 'listItem' && typeof node.checked === 'boolean') found.push(`task(${String(node.checked)}): ${slice()}`);
    if (node.type === 'link') found.push(`link ${node.url}: ${slice()}`);
    if (node.type === 'linkReference') found.push(`link [${node.identifier}]: ${slice()}`);
    if (node.type === 'definition') found.push(`definition ${node.url}`);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(unified().use(remarkParse).use(remarkGfm).parse(markdown));
  return found;
}

function loaded(markdown: string) {
  const { server, client } = connectedDocs();
  server.getText(COLLAB_TEXT).insert(0, markdown);
  const text = client.getText(COLLAB_TEXT);
  return { server: server.getText(COLLAB_TEXT), text, view: editorOn(text) };
}

describe('the live markdown editor (CodeMirror + y-codemirror.next on the Y.Text)', () => {
  it('shows a loaded document exactly and writes nothing back while it is untouched', () => {
    const { server, view } = loaded(RICH);
    expect(view.state.doc.toString()).toBe(RICH);
    expect(view.state.doc.length).toBe(server.length);
    expect(server.toString()).toBe(RICH);
  });

  it('keeps tables, task lists, code blocks and links intact through an edit elsewhere', () => {
    const { server, view } = loaded(RICH);
    const before = constructs(RICH);
    expect(before.filter((c) => c.startsWith('table')).length).toBe(1);
    expect(before.filter((c) => c.startsWith('task')).length).toBe(3);
    expect(before.filter((c) => c.startsWith('code')).length).toBe(2);
    expect(before.filter((c) => c.startsWith('link')).length).toBe(3);

    // Typing at the end of the last paragraph: after the CRLF line, the emoji and every construct.
    const at = RICH.indexOf('Last paragraph.') + 'Last paragraph.'.length;
    view.dispatch({ changes: { from: at, insert: ' Added by Ana.' }, userEvent: 'input.type' });

    const expected = `${RICH.slice(0, at)} Added by Ana.${RICH.slice(at)}`;
    expect(server.toString()).toBe(expected);
    expect(view.state.doc.toString()).toBe(expected);
    expect(constructs(expected)).toEqual(before);
  });

  it('deletes exactly the selected text, also after a CRLF line and a multi-unit emoji', () => {
    const { server, view } = loaded(RICH);
    const from = RICH.indexOf('and émoji');
    view.dispatch({ changes: { from, to: from + 'and '.length } });
    expect(server.toString()).toBe(RICH.replace('and émoji', 'émoji'));
  });

  it('shows a remote edit (another person, the AI, a restore) where it was made', () => {
    const { server, view } = loaded(RICH);
    const at = RICH.indexOf('## Notes');
    server.insert(at, '## Risks\n\nVendor delay.\n\n');
    expect(view.state.doc.toString()).toBe(`${RICH.slice(0, at)}## Risks\n\nVendor delay.\n\n${RICH.slice(at)}`);
    expect(constructs(view.state.doc.toString())).toEqual(constructs(RICH));
  });

  it('merges a local and a remote edit made at once in the same paragraph', () => {
    const { server, client } = connectedDocs();
    server.getText(COLLAB_TEXT).insert(0, 'One paragraph.\n');
    // Offline: the two copies stop exchanging updates while both type.
    const offline = new Y.Doc();
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(client));
    const view = editorOn(offline.getText(COLLAB_TEXT));
    view.dispatch({ changes: { from: 'One paragraph'.length, insert: ' Typed by Bo' } });
    server.getText(COLLAB_TEXT).insert('One'.length, ' long');

    Y.applyUpdate(offline, Y.encodeStateAsUpdate(server, Y.encodeStateVector(offline)));
    Y.applyUpdate(server, Y.encodeStateAsUpdate(offline, Y.encodeStateVector(server)));
    expect(server.getText(COLLAB_TEXT).toString()).toBe('One long paragraph Typed by Bo.\n');
    expect(view.state.doc.toString()).toBe('One long paragraph Typed by Bo.\n');
  });

  it('is read-only for viewers: no typing, while remote edits still show', () => {
    const { server, client } = connectedDocs();
    server.getText(COLLAB_TEXT).insert(0, 'Read me.\n');
    const view = editorOn(client.getText(COLLAB_TEXT), false);
    expect(view.state.readOnly).toBe(true);
    expect(view.contentDOM.getAttribute('contenteditable')).toBe('false');
    expect(view.contentDOM.getAttribute('aria-label')).toBe('Document markdown');
    server.getText(COLLAB_TEXT).insert(0, 'Now ');
    expect(view.state.doc.toString()).toBe('Now Read me.\n');
  });
});
