import { describe, expect, it } from '@jest/globals';
import { applyMarkdownEdit, markdownToYFragment, yFragmentToMarkdown } from '@prd/doc-model';
import { locatePassage } from '@prd/proto';
import * as Y from 'yjs';
import { proposedPassages, SuggestionFork } from './suggestion-fork';

const TEXT = '# Checkout\n\nShoppers abandon carts at the payment step.\n\n## Goals\n\n- fewer drop-offs\n';

/** Two replicas of one live document, synced both ways as the provider syncs them: this browser's and a co-editor's. */
function liveAndCoEditor(): { live: Y.Doc; coEditor: Y.Doc } {
  const live = new Y.Doc();
  markdownToYFragment(live, TEXT);
  const coEditor = new Y.Doc();
  Y.applyUpdate(coEditor, Y.encodeStateAsUpdate(live));
  live.on('update', (update: Uint8Array, origin: unknown) => origin !== coEditor && Y.applyUpdate(coEditor, update, live));
  coEditor.on('update', (update: Uint8Array, origin: unknown) => origin !== live && Y.applyUpdate(live, update, coEditor));
  return { live, coEditor };
}

describe('SuggestionFork', () => {
  it('shows a co-editor typing at the same time, and turns only what was typed into it into suggestions, which never reach the live document', () => {
    const { live, coEditor } = liveAndCoEditor();
    const fork = new SuggestionFork(live);
    applyMarkdownEdit(fork.doc, TEXT.replace('the payment step.', 'the payment step, on mobile.'));
    applyMarkdownEdit(coEditor, TEXT.replace('- fewer drop-offs', '- fewer drop-offs\n- faster payment'));

    const both = TEXT.replace('the payment step.', 'the payment step, on mobile.').replace('- fewer drop-offs', '- fewer drop-offs\n- faster payment');
    expect(yFragmentToMarkdown(fork.doc)).toBe(both);
    expect(yFragmentToMarkdown(live)).toBe(TEXT.replace('- fewer drop-offs', '- fewer drop-offs\n- faster payment'));
    const changes = fork.changes();
    expect(changes).toEqual([
      {
        quote: { exact: 'Shoppers abandon carts at the payment step.\n', prefix: '# Checkout\n\n', suffix: expect.stringMatching(/^\n## Goals/) },
        replacement: 'Shoppers abandon carts at the payment step, on mobile.\n',
      },
    ]);
    // Applied to the live text, the suggestion gives exactly what was typed in the fork.
    const live1 = yFragmentToMarkdown(live);
    const at = locatePassage(live1, changes[0]!.quote)!;
    expect(live1.slice(0, at.start) + changes[0]!.replacement + live1.slice(at.end)).toBe(both);
  });

  it('has no changes once reset, and follows the live document again from a fresh copy', () => {
    const { live, coEditor } = liveAndCoEditor();
    const fork = new SuggestionFork(live);
    let notified = 0;
    fork.subscribe(() => notified++);
    const typedInto = fork.doc;
    applyMarkdownEdit(fork.doc, `${TEXT}\nA new paragraph.\n`);
    expect(fork.changes()).toHaveLength(1);

    fork.reset();
    expect(fork.doc).not.toBe(typedInto);
    expect(fork.changes()).toEqual([]);
    expect(yFragmentToMarkdown(fork.doc)).toBe(TEXT);
    applyMarkdownEdit(coEditor, TEXT.replace('# Checkout', '# Checkout v2'));
    expect(yFragmentToMarkdown(fork.doc)).toBe(TEXT.replace('# Checkout', '# Checkout v2'));
    expect(notified).toBeGreaterThanOrEqual(3);

    fork.destroy();
    applyMarkdownEdit(coEditor, TEXT);
    expect(yFragmentToMarkdown(live)).toBe(TEXT);
  });
});

describe('proposedPassages', () => {
  it('anchors an insertion between the neighbouring lines only, so typing further away that the server has not stored yet does not matter', () => {
    const current = 'Intro paragraph.\n\n## Goals\n\n- fewer drop-offs\n\n## Risks\n\nNone yet.\n';
    const [insertion] = proposedPassages(current, current.replace('- fewer drop-offs\n', '- fewer drop-offs\n- faster payment\n'));
    expect(insertion).toEqual({ quote: { exact: '', prefix: '- fewer drop-offs\n', suffix: '\n## Risks' }, replacement: '- faster payment\n' });
    // The server's copy, a moment behind: a co-editor's sentence in the intro is not in it yet.
    const stored = current.replace('Intro paragraph.', 'Intro.');
    expect(locatePassage(stored, insertion!.quote)).toEqual({ start: stored.indexOf('\n## Risks'), end: stored.indexOf('\n## Risks') });
  });

  it('keeps the full context of a replaced passage, which only tells equal passages apart', () => {
    const current = 'TBD\n\n## Goals\n\nTBD\n';
    const [replaced] = proposedPassages(current, 'TBD\n\n## Goals\n\nHalve drop-offs\n');
    expect(replaced).toEqual({ quote: { exact: 'TBD\n', prefix: 'TBD\n\n## Goals\n\n', suffix: '' }, replacement: 'Halve drop-offs\n' });
    expect(locatePassage(current, replaced!.quote)).toEqual({ start: 15, end: 19 });
  });
});
