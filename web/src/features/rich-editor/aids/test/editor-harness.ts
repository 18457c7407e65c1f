import { Editor } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';
import { documentExtensions, jsonToMarkdown, markdownToJson } from '@prd/doc-model';
import { documentText, positionOf } from '../document-text';
import { writingAidExtensions, type WritingAidOptions } from '../writing-aid-extensions';

// jest's jsdom environment leaves out structuredClone, which browsers have (the document model copies its JSON with it).
globalThis.structuredClone ??= <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// jsdom lays nothing out: ranges have no rectangles (ProseMirror asks for them to scroll the caret into view).
Object.assign(Range.prototype, { getClientRects: () => [], getBoundingClientRect: () => new DOMRect() });

/** A real editor on the document model with the writing aids, mounted in the page (jsdom). */
export function createEditor(markdown = '', options: WritingAidOptions = {}): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ element, extensions: [...documentExtensions, ...writingAidExtensions(options)], content: markdown ? markdownToJson(markdown) : '' });
  // The caret at the end, as after a click below the text (an empty document starts with everything selected).
  editor.view.dispatch(editor.state.tr.setSelection(Selection.atEnd(editor.state.doc)));
  return editor;
}

/** The document's markdown, as the content service will derive it. */
export const markdownOf = (editor: Editor): string => jsonToMarkdown(editor.getJSON());

/** Types text as a keyboard does: each character offered to the input rules and plugins first. */
export function typeText(editor: Editor, text: string): void {
  for (const character of text) {
    const { view } = editor;
    const { from, to } = view.state.selection;
    const handled = view.someProp('handleTextInput', (handler) => handler(view, from, to, character, () => view.state.tr.insertText(character, from, to)));
    if (!handled) view.dispatch(view.state.tr.insertText(character, from, to));
  }
}

/** Presses a key in the editor (`mod` is Ctrl outside macOS, as in jsdom). */
export function press(editor: Editor, key: string, modifiers: { mod?: boolean; shift?: boolean; alt?: boolean } = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: modifiers.mod, shiftKey: modifiers.shift, altKey: modifiers.alt, bubbles: true, cancelable: true });
  editor.view.dom.dispatchEvent(event);
  return event;
}

/** Pastes clipboard data (jsdom has no DataTransfer: an object that answers getData). */
export function paste(editor: Editor, data: Record<string, string>): void {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.assign(event, { clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? '' } });
  editor.view.dom.dispatchEvent(event);
}

/** Selects the first occurrence of `text` in the document's text. */
export function select(editor: Editor, text: string): void {
  const index = documentText(editor.state.doc);
  const start = index.text.indexOf(text);
  if (start === -1) throw new Error(`"${text}" is not in the document`);
  editor.commands.setTextSelection({ from: positionOf(index, start), to: positionOf(index, start + text.length, true) });
}

/** Puts the caret just after the first occurrence of `text`. */
export function caretAfter(editor: Editor, text: string): void {
  const index = documentText(editor.state.doc);
  const start = index.text.indexOf(text);
  if (start === -1) throw new Error(`"${text}" is not in the document`);
  editor.commands.setTextSelection(positionOf(index, start + text.length, true));
}
