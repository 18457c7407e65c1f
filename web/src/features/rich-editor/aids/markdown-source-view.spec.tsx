/** @jest-environment jsdom */
import '../../../test/dom-setup';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { applyMarkdownEdit, documentFragment, markdownToYFragment, yFragmentToMarkdown } from '@prd/doc-model';
import * as Y from 'yjs';
import { MarkdownSourceView, SOURCE_APPLY_DELAY_MS, SOURCE_REFRESH_DELAY_MS } from './markdown-source-view';
import { mergeSource } from './source-merge';

const PRD = '# Checkout\n\nShoppers abandon carts at the _payment step_.\n\n- Fewer fields\n';

function liveDoc(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  markdownToYFragment(doc, markdown);
  return doc;
}

/** Another replica's edit, arriving as an update (as the provider applies it). */
function remoteEdit(doc: Y.Doc, markdown: string): void {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(doc);
  applyMarkdownEdit(other, markdown);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, before), 'remote');
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('the Markdown view', () => {
  it("shows the document's markdown source in a multi-line box named Markdown source", () => {
    render(<MarkdownSourceView doc={liveDoc(PRD)} editable />);
    const box = screen.getByRole('textbox', { name: 'Markdown source' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveValue(PRD);
  });

  it('applies an edit to the live document once typing pauses, as a minimal change', () => {
    const doc = liveDoc(PRD);
    const firstBlock = documentFragment(doc).get(0);
    render(<MarkdownSourceView doc={doc} editable />);
    const edited = PRD.replace('- Fewer fields', '- Fewer fields\n- Apple Pay');
    fireEvent.change(screen.getByRole('textbox', { name: 'Markdown source' }), { target: { value: edited } });
    expect(yFragmentToMarkdown(doc)).toBe(PRD); // not while typing
    act(() => jest.advanceTimersByTime(SOURCE_APPLY_DELAY_MS));
    expect(yFragmentToMarkdown(doc)).toBe(edited);
    expect(documentFragment(doc).get(0)).toBe(firstBlock); // the heading untouched
  });

  it("follows others' changes, coalesced", () => {
    const doc = liveDoc(PRD);
    render(<MarkdownSourceView doc={doc} editable />);
    const box = screen.getByRole('textbox', { name: 'Markdown source' });
    remoteEdit(doc, PRD.replace('Checkout', 'Checkout v2'));
    remoteEdit(doc, PRD.replace('Checkout', 'Checkout v3'));
    expect(box).toHaveValue(PRD);
    act(() => jest.advanceTimersByTime(SOURCE_REFRESH_DELAY_MS));
    expect(box).toHaveValue(PRD.replace('Checkout', 'Checkout v3'));
  });

  it("keeps others' changes waiting while edits typed here are not yet applied, then shows both", () => {
    const doc = liveDoc(PRD);
    render(<MarkdownSourceView doc={doc} editable />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Markdown source' });
    box.focus();
    const typed = PRD.replace('- Fewer fields', '- Fewer fields\n- Apple Pay');
    fireEvent.change(box, { target: { value: typed } });
    remoteEdit(doc, PRD.replace('Checkout', 'Checkout v2'));
    act(() => jest.advanceTimersByTime(SOURCE_REFRESH_DELAY_MS));
    expect(box).toHaveValue(typed); // what is being typed is not replaced under the caret
    act(() => jest.advanceTimersByTime(SOURCE_APPLY_DELAY_MS));
    const both = typed.replace('Checkout', 'Checkout v2');
    expect(yFragmentToMarkdown(doc)).toBe(both);
    expect(box).toHaveValue(both);
  });

  it("keeps the caret where it was when others' changes are shown", () => {
    const doc = liveDoc(PRD);
    render(<MarkdownSourceView doc={doc} editable />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Markdown source' });
    box.focus();
    box.setSelectionRange(20, 20);
    remoteEdit(doc, PRD.replace('- Fewer fields', '- Fewer fields\n- Apple Pay'));
    act(() => jest.advanceTimersByTime(SOURCE_REFRESH_DELAY_MS));
    expect(box.value).toContain('Apple Pay');
    expect([box.selectionStart, box.selectionEnd]).toEqual([20, 20]);
  });

  it('is read-only for someone who may not edit', () => {
    render(<MarkdownSourceView doc={liveDoc(PRD)} editable={false} />);
    expect(screen.getByRole('textbox', { name: 'Markdown source' })).toHaveAttribute('readonly');
  });
});

describe('mergeSource', () => {
  const base = 'A\n\nB\n\nC\n\nD\n\nE\n\nF\n';
  it("keeps both the box's edit and others' changes elsewhere", () => {
    expect(mergeSource(base, base.replace('E', 'E2'), base.replace('A', 'A2'))).toBe(base.replace('E', 'E2').replace('A', 'A2'));
  });
  it('lets the box win where both changed the same line', () => {
    expect(mergeSource(base, base.replace('C', 'C-mine'), base.replace('C', 'C-theirs'))).toBe(base.replace('C', 'C-mine'));
  });
});
