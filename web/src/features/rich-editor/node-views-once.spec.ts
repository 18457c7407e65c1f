/** @jest-environment jsdom */
import '../../test/dom-setup';
import { afterEach, describe, expect, it } from '@jest/globals';
import { documentExtensions, markdownToNode } from '@prd/doc-model';
import { Editor, type AnyExtension } from '@tiptap/core';
import { NodeViewsOnce } from './node-views-once';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

/** An editor on a document with a task list (drawn by a node view), and its first paragraph's element. */
function mounted(extensions: AnyExtension[]): { editor: Editor; paragraph: Element } {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({ element, extensions, content: markdownToNode('- [ ] Write the goals\n\nShoppers abandon carts.\n').toJSON() as object });
  return { editor, paragraph: editor.view.dom.querySelector('p:not(li p)')! };
}

describe('node views built once', () => {
  it('keeps the drawn document when the node views are set again, as EditorContent does when it mounts the editor', () => {
    const { editor: once, paragraph } = mounted([...documentExtensions, NodeViewsOnce]);
    expect(once.extensionManager.nodeViews).toBe(once.extensionManager.nodeViews);
    once.createNodeViews();
    expect(once.view.dom.querySelector('p:not(li p)')).toBe(paragraph);
    expect(once.view.dom.querySelector('input[type="checkbox"]')).not.toBeNull();
  });

  it('is needed: without it, setting the node views again draws the whole document anew', () => {
    const { editor: plain, paragraph } = mounted([...documentExtensions]);
    plain.createNodeViews();
    expect(plain.view.dom.querySelector('p:not(li p)')).not.toBe(paragraph);
  });
});
