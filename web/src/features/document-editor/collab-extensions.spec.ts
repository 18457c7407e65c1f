import { describe, expect, it } from '@jest/globals';
import { EditorState } from '@codemirror/state';
import { ySyncAnnotation } from 'y-codemirror.next';
import { COLLAB_PASTE_MAX_CHARS, DOCUMENT_CONTENT_MAX } from '@prd/proto';
import { withinLimits } from './collab-extensions';

const stateOf = (doc: string) => EditorState.create({ doc, extensions: [withinLimits] });
const typed = (state: EditorState, insert: string) => state.update({ changes: { from: 0, insert }, userEvent: 'input.paste' }).state.doc.length;

describe('withinLimits', () => {
  it('takes a paste of up to COLLAB_PASTE_MAX_CHARS characters, and refuses a larger one', () => {
    expect(typed(stateOf('ab'), 'x'.repeat(COLLAB_PASTE_MAX_CHARS))).toBe(COLLAB_PASTE_MAX_CHARS + 2);
    expect(typed(stateOf('ab'), 'x'.repeat(COLLAB_PASTE_MAX_CHARS + 1))).toBe(2);
  });

  it('refuses growing the text past DOCUMENT_CONTENT_MAX, but lets others’ changes through', () => {
    const full = stateOf('a'.repeat(DOCUMENT_CONTENT_MAX));
    expect(typed(full, 'b')).toBe(DOCUMENT_CONTENT_MAX);
    const remote = full.update({ changes: { from: 0, insert: 'b' }, annotations: ySyncAnnotation.of({} as never) });
    expect(remote.state.doc.length).toBe(DOCUMENT_CONTENT_MAX + 1);
    // Shrinking a text already past the limit is always allowed.
    expect(remote.state.update({ changes: { from: 0, to: 1 } }).state.doc.length).toBe(DOCUMENT_CONTENT_MAX);
  });
});
