import { describe, expect, it } from '@jest/globals';
import { OutgoingMessage } from '@hocuspocus/server';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { COLLAB_PRESENCE_MAX_BYTES, COLLAB_TEXT, DOCUMENT_CONTENT_MAX } from '@prd/proto';
import { addedCharacters, oversizedPresence, refusedUpdate } from './live-limits.js';

/** The update a client makes by `change` on a copy of `doc`. */
function updateOf(doc: Y.Doc, change: (copy: Y.Doc) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  change(copy);
  return Y.encodeStateAsUpdate(copy, before);
}

function docWith(text: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getText(COLLAB_TEXT).insert(0, text);
  return doc;
}

describe('addedCharacters', () => {
  it('counts the text an update inserts', () => {
    expect(addedCharacters(updateOf(docWith('abc'), (d) => d.getText(COLLAB_TEXT).insert(1, 'xyz')))).toBe(3);
  });

  it('refuses content outside the document text, and anything but plain text', () => {
    const doc = docWith('abc');
    expect(addedCharacters(updateOf(doc, (d) => d.getMap('other').set('k', 'v')))).toBeNull();
    expect(addedCharacters(updateOf(doc, (d) => d.getText('other').insert(0, 'x')))).toBeNull();
    expect(addedCharacters(updateOf(doc, (d) => d.getText(COLLAB_TEXT).insertEmbed(0, { image: 'x' })))).toBeNull();
    expect(addedCharacters(updateOf(doc, (d) => d.getText(COLLAB_TEXT).format(0, 2, { bold: true })))).toBeNull();
  });
});

describe('refusedUpdate', () => {
  const nearlyFull = docWith('a'.repeat(DOCUMENT_CONTENT_MAX - 10));

  it('accepts text up to DOCUMENT_CONTENT_MAX, and refuses an update past it', () => {
    expect(
      refusedUpdate(
        nearlyFull,
        updateOf(nearlyFull, (d) => d.getText(COLLAB_TEXT).insert(0, 'b'.repeat(10))),
      ),
    ).toBe(false);
    expect(
      refusedUpdate(
        nearlyFull,
        updateOf(nearlyFull, (d) => d.getText(COLLAB_TEXT).insert(0, 'b'.repeat(11))),
      ),
    ).toBe(true);
  });

  it('accepts a replacement that stays within the limit (it deletes as much as it inserts)', () => {
    const replaced = updateOf(nearlyFull, (d) => {
      const text = d.getText(COLLAB_TEXT);
      text.delete(0, 1000);
      text.insert(0, 'c'.repeat(1005));
    });
    expect(refusedUpdate(nearlyFull, replaced)).toBe(false);
  });

  it('counts text held back until what it follows arrives', () => {
    const doc = docWith('start');
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
    const first = updateOf(client, (d) => d.getText(COLLAB_TEXT).insert(0, 'x'));
    Y.applyUpdate(client, first);
    const second = updateOf(client, (d) => d.getText(COLLAB_TEXT).insert(0, 'y'.repeat(DOCUMENT_CONTENT_MAX)));
    // The second arrives first: it cannot land yet, but is counted once it could.
    expect(refusedUpdate(doc, second)).toBe(true);
  });
});

describe('oversizedPresence', () => {
  const presence = (name: string): Uint8Array => {
    const awareness = new Awareness(new Y.Doc());
    awareness.setLocalStateField('user', { name });
    const frame = new OutgoingMessage('42').createAwarenessUpdateMessage(awareness, [awareness.clientID]).toUint8Array();
    awareness.destroy();
    return frame;
  };

  it('finds a presence message past COLLAB_PRESENCE_MAX_BYTES, and nothing else', () => {
    expect(oversizedPresence(presence('Ada'))).toBe(false);
    expect(oversizedPresence(presence('A'.repeat(COLLAB_PRESENCE_MAX_BYTES)))).toBe(true);
    const bigUpdate = new OutgoingMessage('42').createSyncMessage().writeUpdate(updateOf(docWith(''), (d) => d.getText(COLLAB_TEXT).insert(0, 'x'.repeat(10_000))));
    expect(oversizedPresence(bigUpdate.toUint8Array())).toBe(false);
    expect(oversizedPresence(new Uint8Array(COLLAB_PRESENCE_MAX_BYTES + 1).fill(255))).toBe(false);
  });
});
