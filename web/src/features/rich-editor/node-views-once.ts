import { Extension } from '@tiptap/core';

/**
 * Builds the editor's node views once (docs/decisions/0046-editor-mounts-once.md). TipTap 3's `ExtensionManager.nodeViews`
 * getter makes new functions each time it is read, and `EditorContent` sets them again when it mounts the editor into the
 * page: ProseMirror then sees changed node views and draws the whole document a second time (60–75 ms for a 100 kB PRD,
 * on the way to an editable document). An editor's extensions never change (a new list makes a new editor), so the views
 * first built serve its whole life. This works on TipTap's internals (the getter on the manager's prototype), as no option
 * does it; without that getter it leaves TipTap as it is.
 */
export const NodeViewsOnce = Extension.create({
  name: 'nodeViewsOnce',

  onBeforeCreate() {
    const manager = this.editor.extensionManager;
    const prototype = Object.getPrototypeOf(manager) as object;
    if (!Object.getOwnPropertyDescriptor(prototype, 'nodeViews')?.get) return;
    let built: typeof manager.nodeViews | undefined;
    Object.defineProperty(manager, 'nodeViews', { configurable: true, get: () => (built ??= Reflect.get(prototype, 'nodeViews', manager) as typeof manager.nodeViews) });
  },
});
