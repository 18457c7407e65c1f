import { type AnyExtension, getSchema } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';
import { MarkdownSource } from './markdown-source.js';
import { markdownStyle } from './markdown-style.js';

/**
 * The document's schema, one list for the browser editor and the content service. Only what
 * GitHub-flavoured markdown can hold: no underline; no undo history or trailing empty paragraph
 * (the collaboration extension brings its own history, and an added paragraph would change the markdown).
 */
export const documentExtensions: AnyExtension[] = [
  StarterKit.configure({ underline: false, undoRedo: false, trailingNode: false, italic: false, link: { openOnClick: false } }),
  ...markdownStyle,
  Image.configure({ inline: true }),
  TableKit,
  TaskList,
  TaskItem.configure({ nested: true }),
  MarkdownSource,
];

export const documentSchema = getSchema(documentExtensions);
