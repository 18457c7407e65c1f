import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion, type SuggestionKeyDownProps, type SuggestionProps } from '@tiptap/suggestion';
import { filterSlashCommands, type SlashCommand } from './slash-commands';

export const slashMenuKey = new PluginKey('slashMenu');

let menus = 0;

/**
 * The "/" menu's list: a listbox the editor controls (the caret stays in the editor, which names the
 * active option with aria-activedescendant, the combobox pattern), drawn with the DOM because it lives
 * outside React, beside the suggestion's text.
 */
class SlashMenuList {
  readonly element = document.createElement('div');
  private readonly list = document.createElement('ul');
  private readonly id = `slash-menu-${++menus}`;
  private items: SlashCommand[] = [];
  private active = 0;
  private unmount: (() => void) | null = null;

  constructor(private props: SuggestionProps<SlashCommand, SlashCommand>) {
    this.element.className = 'slash-menu';
    this.list.id = this.id;
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', 'Insert block');
    this.element.append(this.list);
    // A press on an option must not take the focus (and the suggestion) from the editor.
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
    this.update(props);
    this.unmount = props.mount(this.element);
  }

  update(props: SuggestionProps<SlashCommand, SlashCommand>): void {
    this.props = props;
    if (props.items !== this.items) {
      this.items = props.items;
      this.active = 0;
    }
    this.render();
  }

  keyDown({ event }: SuggestionKeyDownProps): boolean {
    if (this.items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.active = (this.active + step + this.items.length) % this.items.length;
      this.render();
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      this.choose(this.active);
      return true;
    }
    return false;
  }

  destroy(): void {
    this.unmount?.();
    this.unmount = null;
    const dom = this.props.editor.view.dom;
    for (const name of ['aria-controls', 'aria-activedescendant', 'aria-expanded', 'aria-haspopup']) dom.removeAttribute(name);
  }

  private choose(index: number): void {
    const item = this.items[index];
    if (item) this.props.command(item);
  }

  private render(): void {
    const options = this.items.map((item, index) => {
      const option = document.createElement('li');
      option.id = `${this.id}-${index}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', String(index === this.active));
      option.className = index === this.active ? 'slash-menu-option slash-menu-option-active' : 'slash-menu-option';
      option.textContent = item.title;
      option.addEventListener('click', () => this.choose(index));
      return option;
    });
    this.list.replaceChildren(...options);
    if (options.length === 0 && !this.props.loading) {
      const empty = document.createElement('li');
      empty.setAttribute('role', 'option');
      empty.setAttribute('aria-disabled', 'true');
      empty.setAttribute('aria-selected', 'false');
      empty.className = 'slash-menu-empty';
      empty.textContent = 'No matching block';
      this.list.append(empty);
    }
    const dom = this.props.editor.view.dom;
    dom.setAttribute('aria-haspopup', 'listbox');
    dom.setAttribute('aria-expanded', 'true');
    dom.setAttribute('aria-controls', this.id);
    if (options[this.active]) dom.setAttribute('aria-activedescendant', options[this.active]!.id);
    else dom.removeAttribute('aria-activedescendant');
    const active = options[this.active];
    if (active) this.reveal(active);
  }

  /**
   * Scrolls the menu's own list to the option, and nothing else: `scrollIntoView` also scrolls the page, and before Floating UI
   * has placed the menu (it starts at the end of the body) that moved the document away from the caret.
   */
  private reveal(option: HTMLElement): void {
    const box = this.element.getBoundingClientRect();
    const shown = option.getBoundingClientRect();
    if (shown.top < box.top) this.element.scrollTop -= box.top - shown.top;
    else if (shown.bottom > box.bottom) this.element.scrollTop += shown.bottom - box.bottom;
  }
}

/** The "/" menu: typed at the start of a line or after a space, it offers the blocks, filtered as one types. */
export const SlashMenu = Extension.create({
  name: 'slashMenu',

  addProseMirrorPlugins() {
    return [
      Suggestion<SlashCommand, SlashCommand>({
        editor: this.editor,
        pluginKey: slashMenuKey,
        char: '/',
        allowedPrefixes: [' '],
        // Not inside code, where "/" is text (a path, a comment).
        allow: ({ state, range }) => !state.doc.resolve(range.from).parent.type.spec.code,
        items: ({ query }) => filterSlashCommands(query),
        command: ({ editor, range, props }: { editor: Editor; range: Range; props: SlashCommand }) => props.run(editor, range),
        render: () => {
          let list: SlashMenuList | null = null;
          return {
            onStart: (props) => {
              list = new SlashMenuList(props);
            },
            onUpdate: (props) => list?.update(props),
            // Escape is the suggestion's own: it closes the menu.
            onKeyDown: (props) => list?.keyDown(props) ?? false,
            onExit: () => {
              list?.destroy();
              list = null;
            },
          };
        },
      }),
    ];
  },
});
