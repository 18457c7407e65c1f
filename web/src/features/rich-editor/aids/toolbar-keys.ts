import type { Editor } from '@tiptap/core';
import type { KeyboardEvent } from 'react';

/**
 * The keys of a toolbar over the editor (the ARIA toolbar pattern): arrow keys move between its controls,
 * Home and End to its ends, Escape back to the text. Every control also stays reachable with Tab.
 */
export function toolbarKeyDown(editor: Editor) {
  return (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape') {
      editor.commands.focus();
      event.preventDefault();
      return;
    }
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key) || (event.target as HTMLElement).tagName === 'SELECT') return;
    const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), select:not(:disabled)'));
    const at = controls.indexOf(event.target as HTMLElement);
    if (at === -1) return;
    const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: controls.length - 1 }[event.key]!;
    controls[(next + controls.length) % controls.length]?.focus();
    event.preventDefault();
  };
}
