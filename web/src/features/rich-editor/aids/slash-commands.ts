import type { Editor, JSONContent, Range } from '@tiptap/core';

/** A block the "/" menu inserts. */
export interface SlashCommand {
  title: string;
  /** Other words a person may type for it. */
  keywords: string[];
  run: (editor: Editor, range: Range) => void;
}

const cell = (type: 'tableHeader' | 'tableCell'): JSONContent => ({ type, content: [{ type: 'paragraph' }] });
const row = (type: 'tableHeader' | 'tableCell'): JSONContent => ({ type: 'tableRow', content: [cell(type), cell(type), cell(type)] });
/** A 3×3 table whose first row is its header (markdown tables always have one). */
const TABLE: JSONContent = { type: 'table', content: [row('tableHeader'), row('tableCell'), row('tableCell')] };

const heading = (level: 1 | 2 | 3): SlashCommand => ({
  title: `Heading ${level}`,
  keywords: [`h${level}`, 'title', 'heading'],
  run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('heading', { level }).run(),
});

/** Puts the caret into the first cell of the table that starts at or after `from`. */
function caretIntoTable(editor: Editor, from: number): void {
  const tables: number[] = [];
  editor.state.doc.nodesBetween(from, editor.state.doc.content.size, (node, pos) => {
    if (node.type.name === 'table') tables.push(pos);
    return tables.length === 0;
  });
  // Inside the table, its first row, its first cell and that cell's paragraph.
  if (tables[0] !== undefined) editor.commands.setTextSelection(tables[0] + 4);
}

export const SLASH_COMMANDS: SlashCommand[] = [
  heading(1),
  heading(2),
  heading(3),
  {
    title: 'Bullet list',
    keywords: ['unordered', 'list', 'ul'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleList('bulletList', 'listItem').run(),
  },
  {
    title: 'Numbered list',
    keywords: ['ordered', 'list', 'ol'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleList('orderedList', 'listItem').run(),
  },
  {
    title: 'Task list',
    keywords: ['todo', 'checklist', 'checkbox', 'list'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleList('taskList', 'taskItem').run(),
  },
  {
    title: 'Table',
    keywords: ['grid', 'columns'],
    run: (editor, range) => {
      editor.chain().focus().deleteRange(range).insertContent(TABLE).run();
      caretIntoTable(editor, Math.max(0, range.from - 1));
    },
  },
  {
    title: 'Code block',
    keywords: ['code', 'fence', 'snippet'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('codeBlock').run(),
  },
  {
    title: 'Quote',
    keywords: ['blockquote', 'citation'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).wrapIn('blockquote').run(),
  },
  {
    title: 'Divider',
    keywords: ['rule', 'separator', 'hr', 'line'],
    run: (editor, range) =>
      editor
        .chain()
        .focus()
        .deleteRange(range)
        .insertContent([{ type: 'horizontalRule' }, { type: 'paragraph' }])
        .run(),
  },
];

/** The commands matching what was typed after "/": by a word of their title or a keyword starting with it. */
export function filterSlashCommands(query: string): SlashCommand[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return SLASH_COMMANDS;
  return SLASH_COMMANDS.filter((command) => [command.title.toLowerCase(), ...command.title.toLowerCase().split(' '), ...command.keywords].some((word) => word.startsWith(wanted)));
}
