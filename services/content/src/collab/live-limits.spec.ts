import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { OutgoingMessage } from '@hocuspocus/server';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { documentFragment, markdownToYFragment, SOURCE_TEXT_NAME } from '@prd/doc-model';
import { COLLAB_PRESENCE_MAX_BYTES, DOCUMENT_CONTENT_MAX } from '@prd/proto';
import { TEMPLATE_CATALOGUE } from '@prd/proto/template-catalogue';
import { LIVE_ATTRIBUTES_MAX, liveSize, oversizedPresence, refusedUpdate, updateSize } from './live-limits.js';

/** The update a client makes by `change` on a copy of `doc`. */
function updateOf(doc: Y.Doc, change: (copy: Y.Doc) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  change(copy);
  return Y.encodeStateAsUpdate(copy, before);
}

function docWith(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  markdownToYFragment(doc, markdown);
  return doc;
}

/** The text of the first block (its XmlText, as y-tiptap keeps a paragraph's text). */
const firstText = (doc: Y.Doc): Y.XmlText => (documentFragment(doc).get(0) as Y.XmlElement).get(0) as Y.XmlText;

const paragraph = (text: string): Y.XmlElement => {
  const element = new Y.XmlElement('paragraph');
  element.insert(0, [new Y.XmlText(text)]);
  return element;
};

describe('updateSize: what the editor sends is counted, anything else refused', () => {
  const doc = docWith('Intro with words.\n\nSecond.\n');

  it('counts the text of an XmlText insert, and an element as one character', () => {
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => firstText(d).insert(5, 'xyz')),
      ),
    ).toEqual({ characters: 3, attributes: 0 });
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => documentFragment(d).insert(1, [paragraph('New')])),
      ),
    ).toEqual({ characters: 4, attributes: 0 });
    const bullet = updateOf(doc, (d) => {
      const item = new Y.XmlElement('listItem');
      item.insert(0, [paragraph('one')]);
      const list = new Y.XmlElement('bulletList');
      list.insert(0, [item]);
      documentFragment(d).insert(2, [list]);
    });
    expect(updateSize(doc, bullet)).toEqual({ characters: 3 + 3, attributes: 0 });
  });

  it('takes an attribute or a mark change, counting its characters as attributes', () => {
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => firstText(d).format(0, 5, { bold: {} })),
      ),
    ).toEqual({ characters: 0, attributes: 0 });
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => firstText(d).format(0, 5, { link: { href: 'https://e.x' } })),
      )?.attributes,
    ).toBe('href'.length + 'https://e.x'.length);
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => (documentFragment(d).get(0) as Y.XmlElement).setAttribute('markdownSource', 'Intro.')),
      ),
    ).toEqual({ characters: 0, attributes: 6 });
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => firstText(d).delete(0, 6)),
      ),
    ).toEqual({ characters: 0, attributes: 0 });
  });

  it('refuses a foreign root type, the Y.Text of the markdown-source era, and content the schema has not', () => {
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => d.getMap('other').set('k', 'v')),
      ),
    ).toBeNull();
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => d.getText('other').insert(0, 'x')),
      ),
    ).toBeNull();
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => d.getText(SOURCE_TEXT_NAME).insert(0, 'old client')),
      ),
    ).toBeNull();
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => documentFragment(d).insert(0, [new Y.XmlElement('script')])),
      ),
    ).toBeNull();
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => firstText(d).insertEmbed(0, { image: 'x' })),
      ),
    ).toBeNull();
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => firstText(d).format(0, 2, { blink: true })),
      ),
    ).toBeNull();
    expect(
      updateSize(
        doc,
        updateOf(doc, (d) => (documentFragment(d).get(0) as Y.XmlElement).setAttribute('nested', new Y.Map() as never)),
      ),
    ).toBeNull();
  });

  it('refuses an old client typing into, or deleting from, the Y.Text it still holds (its items name only their neighbours)', () => {
    const converted = docWith('Converted.\n');
    converted.getText(SOURCE_TEXT_NAME).insert(0, 'Converted.\n');
    expect(
      updateSize(
        converted,
        updateOf(converted, (d) => d.getText(SOURCE_TEXT_NAME).insert(4, 'x')),
      ),
    ).toBeNull();
    expect(
      updateSize(
        converted,
        updateOf(converted, (d) => d.getText(SOURCE_TEXT_NAME).delete(0, 3)),
      ),
    ).toBeNull();
    expect(
      updateSize(
        converted,
        updateOf(converted, (d) => firstText(d).insert(4, 'x')),
      ),
    ).toEqual({ characters: 1, attributes: 0 });
  });

  it('counts no more than the markdown has characters, for every catalogue template and the GFM corpus', () => {
    const gfm = readFileSync(new URL('../../../../doc-model/src/corpus/gfm.md', import.meta.url), 'utf8');
    for (const markdown of [...TEMPLATE_CATALOGUE.map((t) => t.content), gfm]) {
      const size = liveSize(docWith(markdown));
      expect(size.characters).toBeLessThanOrEqual(markdown.length);
      expect(size.characters).toBeGreaterThan(markdown.length / 2);
      expect(size.attributes).toBeLessThanOrEqual(2 * markdown.length);
    }
  });
});

describe('refusedUpdate', () => {
  const nearlyFull = docWith(`${'a'.repeat(DOCUMENT_CONTENT_MAX - 11)}\n`); // one paragraph: its text and one for the element

  it('accepts text up to DOCUMENT_CONTENT_MAX, and refuses an update past it', () => {
    expect(liveSize(nearlyFull).characters).toBe(DOCUMENT_CONTENT_MAX - 10);
    expect(
      refusedUpdate(
        nearlyFull,
        updateOf(nearlyFull, (d) => firstText(d).insert(0, 'b'.repeat(10))),
      ),
    ).toBe(false);
    expect(
      refusedUpdate(
        nearlyFull,
        updateOf(nearlyFull, (d) => firstText(d).insert(0, 'b'.repeat(11))),
      ),
    ).toBe(true);
    expect(
      refusedUpdate(
        nearlyFull,
        updateOf(nearlyFull, (d) => documentFragment(d).insert(1, [paragraph('b'.repeat(9))])),
      ),
    ).toBe(false);
    expect(
      refusedUpdate(
        nearlyFull,
        updateOf(nearlyFull, (d) => documentFragment(d).insert(1, [paragraph('b'.repeat(10))])),
      ),
    ).toBe(true);
  });

  it('accepts a replacement that stays within the limit (it deletes as much as it inserts)', () => {
    const replaced = updateOf(nearlyFull, (d) => {
      firstText(d).delete(0, 1000);
      firstText(d).insert(0, 'c'.repeat(1005));
    });
    expect(refusedUpdate(nearlyFull, replaced)).toBe(false);
  });

  it('follows what lands: the bound grows with every applied update', () => {
    const doc = docWith('Start.\n');
    const half = 'h'.repeat(DOCUMENT_CONTENT_MAX / 2);
    const first = updateOf(doc, (d) => firstText(d).insert(0, half));
    expect(refusedUpdate(doc, first)).toBe(false);
    Y.applyUpdate(doc, first);
    expect(
      refusedUpdate(
        doc,
        updateOf(doc, (d) => firstText(d).insert(0, half)),
      ),
    ).toBe(true);
  });

  it('refuses attributes past their bound', () => {
    const doc = docWith('Start.\n');
    const huge = updateOf(doc, (d) => (documentFragment(d).get(0) as Y.XmlElement).setAttribute('markdownSource', 's'.repeat(LIVE_ATTRIBUTES_MAX + 1)));
    expect(refusedUpdate(doc, huge)).toBe(true);
  });

  it('refuses an update that builds on what the document does not have (sent out of order)', () => {
    const doc = docWith('start\n');
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
    const first = updateOf(client, (d) => firstText(d).insert(0, 'x'));
    Y.applyUpdate(client, first);
    const second = updateOf(client, (d) => firstText(d).insert(1, 'y'));
    expect(refusedUpdate(doc, second)).toBe(true);
    expect(refusedUpdate(doc, first)).toBe(false);
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
    const small = docWith('x\n');
    const bigUpdate = new OutgoingMessage('42').createSyncMessage().writeUpdate(updateOf(small, (d) => firstText(d).insert(0, 'x'.repeat(10_000))));
    expect(oversizedPresence(bigUpdate.toUint8Array())).toBe(false);
    expect(oversizedPresence(new Uint8Array(COLLAB_PRESENCE_MAX_BYTES + 1).fill(255))).toBe(false);
  });
});
