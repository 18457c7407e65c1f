/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { applyMarkdownEdit } from '@prd/doc-model';
import { LiveDocument } from './live-document';

let live: LiveDocument | null = null;
const ana = { id: 7, name: 'Ana', color: '#1677ff', colorLight: '#1677ff33' };
afterEach(() => live?.destroy());

describe('LiveDocument', () => {
  it('tells the page of a change of the people in the document, not of every caret move in the presence', () => {
    live = new LiveDocument(1);
    live.present(ana);
    const awareness = live.provider.awareness!;
    awareness.setLocalStateField('cursor', null);
    expect(live.getSnapshot().people.map((p) => p.name)).toEqual(['Ana']);
    let changes = 0;
    live.subscribe(() => changes++);
    for (let head = 1; head <= 5; head++) awareness.setLocalStateField('cursor', { anchor: head, head });
    expect(changes).toBe(0);
    awareness.setLocalStateField('user', { ...ana, name: 'Ana B.' });
    expect(changes).toBe(1);
    expect(live.getSnapshot().people.map((p) => p.name)).toEqual(['Ana B.']);
  });

  it('is nobody in the presence until the page says who this browser is', () => {
    live = new LiveDocument(1);
    expect(live.getSnapshot().people).toEqual([]);
    live.present(ana);
    expect(live.getSnapshot().people).toEqual([{ key: '7', name: 'Ana', color: '#1677ff', self: true }]);
  });

  it('says it stalled when a connection closes before the first sync (the page then stops holding the chat back)', () => {
    live = new LiveDocument(1);
    expect(live.getSnapshot().stalled).toBe(false);
    // What the socket's provider says when the server cannot be reached (its emit is protected: the test stands in for it).
    const socket = live.provider.configuration.websocketProvider as unknown as { emit(event: 'close', payload: { event: { code: number; reason: string } }): void };
    socket.emit('close', { event: { code: 1006, reason: '' } });
    expect(live.getSnapshot()).toMatchObject({ status: 'connecting', synced: false, stalled: true });
  });

  it('tells the character count of the new markdown as people type, not the page that renders from the snapshot', () => {
    live = new LiveDocument(1);
    // What the provider says once the server's state has arrived (its emit is protected: the test stands in for it).
    (live.provider as unknown as { emit(event: 'synced', payload: { state: boolean }): void }).emit('synced', { state: true });
    live.followMarkdown();
    expect(live.getText()).toBe('');
    let pageRenders = 0;
    let countRenders = 0;
    live.subscribe(() => pageRenders++);
    live.subscribeText(() => countRenders++);
    applyMarkdownEdit(live.doc, '# Checkout\n\nCut the time to approval.');
    // Derived a moment later; asking for it now derives it at once.
    expect(live.markdownNow()).toBe('# Checkout\n\nCut the time to approval.');
    expect(live.getText()).toBe('# Checkout\n\nCut the time to approval.');
    expect(countRenders).toBe(1);
    expect(pageRenders).toBe(0);
  });
});
