/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { LiveDocument } from './live-document';

let live: LiveDocument | null = null;
afterEach(() => live?.destroy());

describe('LiveDocument', () => {
  it('tells the page of a change of the people in the document, not of every caret move in the presence', () => {
    live = new LiveDocument(1, { id: 7, name: 'Ana', color: '#1677ff' });
    const awareness = live.provider.awareness!;
    awareness.setLocalStateField('cursor', null);
    expect(live.getSnapshot().people.map((p) => p.name)).toEqual(['Ana']);
    let changes = 0;
    live.subscribe(() => changes++);
    for (let head = 1; head <= 5; head++) awareness.setLocalStateField('cursor', { anchor: head, head });
    expect(changes).toBe(0);
    awareness.setLocalStateField('user', { ...live.user, name: 'Ana B.' });
    expect(changes).toBe(1);
    expect(live.getSnapshot().people.map((p) => p.name)).toEqual(['Ana B.']);
  });
});
