import { Extension, InputRule } from '@tiptap/core';
import { liftListItem } from '@tiptap/pm/schema-list';

/**
 * Markdown's "- [ ] " typed as one would write it: "- " has already made a bullet item when "[ ] " follows,
 * and TaskItem's own rule (for "[ ] " at the start of a paragraph) would nest a task list inside that bullet.
 * This turns the bullet item into a task instead ("[x] " a done one).
 */
export const TaskInput = Extension.create({
  name: 'taskInput',

  addInputRules() {
    return [
      new InputRule({
        find: /^\[([ xX])?\]\s$/,
        handler: ({ state, range, match, chain }) => {
          const $from = state.doc.resolve(range.from);
          if ($from.depth < 2 || $from.node(-1).type.name !== 'listItem' || $from.node(-2).type.name !== 'bulletList') return null;
          const listItem = state.schema.nodes.listItem!;
          chain()
            .deleteRange(range)
            .command(({ state: current, dispatch }) => liftListItem(listItem)(current, dispatch))
            .toggleList('taskList', 'taskItem')
            .updateAttributes('taskItem', { checked: match[1]?.toLowerCase() === 'x' })
            .run();
        },
      }),
    ];
  },
});
