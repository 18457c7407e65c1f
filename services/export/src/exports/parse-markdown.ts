import MarkdownIt, { type PluginSimple, type Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type { AlignType, Heading, List, ListItem, Nodes, PhrasingContent, Root, Table, TableRow } from 'mdast';

/**
 * GitHub-flavoured markdown as markdown-it reads it: tables, strike-through, autolinked addresses, raw
 * HTML kept as typed, and footnotes; addresses with a scheme become links (a bare www. one stays text). markdown-it resolves reference links itself and parses in time
 * proportional to the text (micromark's grew with the square of a document's blocks). Built once: the
 * parser holds no state between documents. markdown-it 14, not 15: 15's build defines every token field through
 * `Object.defineProperty`, which made a quarter of a 1 MB document's parse (docs/decisions/0033-pdf-export-with-pdfkit.md).
 */
// The footnote plugin's types name markdown-it's CommonJS types, this module its ES ones: the same parser.
const parser = new MarkdownIt({ html: true, linkify: true }).use(footnote as unknown as PluginSimple);
// Addresses need their scheme to become links (linkify-it 5, under markdown-it 14, also links a bare `www.` one).
parser.linkify.set({ fuzzyLink: false });

/** A task list item's leading box, as GFM reads it: `[ ]`, `[x]` or `[X]`, then a space or tab. */
const TASK_BOX = /^\[([ xX])\][ \t]/;

const ALIGN: Record<string, AlignType> = { 'text-align:left': 'left', 'text-align:center': 'center', 'text-align:right': 'right' };

/** A node that holds others, as the parse builds it. */
interface Container {
  type: string;
  children: Nodes[];
}

const attribute = (token: Token, name: string) => String(token.attrGet(name) ?? '');

/** A footnote's label as written (`[^risk]`), or its number for an inline footnote, which has none. */
function footnoteLabel(token: Token): { identifier: string; label: string } {
  const { id, label } = token.meta as { id: number; label?: string };
  return { identifier: String(id), label: label ?? String(id + 1) };
}

/** A text node, merged into the previous one when they touch (markdown-it splits text at soft breaks and entities). */
function pushText(into: PhrasingContent[], value: string): void {
  if (!value) return;
  const last = into.at(-1);
  if (last?.type === 'text') last.value += value;
  else into.push({ type: 'text', value });
}

/** The phrasing content of one inline token. */
function phrasing(tokens: readonly Token[]): PhrasingContent[] {
  const root: PhrasingContent[] = [];
  const stack: PhrasingContent[][] = [root];
  const open = (node: PhrasingContent & { children: PhrasingContent[] }) => {
    stack.at(-1)!.push(node);
    stack.push(node.children);
  };
  for (const token of tokens) {
    const into = stack.at(-1)!;
    switch (token.type) {
      case 'text':
        pushText(into, token.content);
        break;
      case 'softbreak':
        // Kept as the line ending it is, as in the source: the Word builder reads it as a space.
        pushText(into, '\n');
        break;
      case 'hardbreak':
        into.push({ type: 'break' });
        break;
      case 'code_inline':
        into.push({ type: 'inlineCode', value: token.content });
        break;
      case 'html_inline':
        into.push({ type: 'html', value: token.content });
        break;
      case 'image':
        into.push({ type: 'image', url: attribute(token, 'src'), alt: token.content });
        break;
      case 'footnote_ref':
        into.push({ type: 'footnoteReference', ...footnoteLabel(token) });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        open({ type: 'link', url: attribute(token, 'href'), children: [] });
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        if (stack.length > 1) stack.pop();
        break;
      default:
        pushText(into, token.content);
    }
  }
  return root;
}

/** A list item whose first paragraph opens with a task box: the box becomes `checked` and leaves the text. */
function taskBox(item: ListItem): void {
  const [first] = item.children;
  if (first?.type !== 'paragraph') return;
  const [text] = first.children;
  if (text?.type !== 'text') return;
  const box = TASK_BOX.exec(text.value);
  if (!box) return;
  item.checked = box[1] !== ' ';
  text.value = text.value.slice(box[0].length);
  if (!text.value) first.children.shift();
}

/** The trailing line ending markdown-it keeps on code blocks, which the mdast tree does not. */
const codeValue = (content: string) => (content.endsWith('\n') ? content.slice(0, -1) : content);

/**
 * Parses GitHub-flavoured markdown into the mdast tree the Word builder reads: block tokens open and
 * close containers on a stack, inline tokens become phrasing content. Footnote definitions come last,
 * in the order they are first referenced (markdown-it leaves out those never referenced).
 */
export function parseMarkdown(markdown: string): Root {
  const root: Root = { type: 'root', children: [] };
  const stack: Container[] = [root];
  const top = () => stack.at(-1)!;
  const open = (node: Nodes & Container) => {
    top().children.push(node);
    stack.push(node);
  };
  const close = () => {
    const node = stack.pop()!;
    if (node.type === 'listItem') taskBox(node as ListItem);
  };
  let row: TableRow | undefined;
  let table: Table | undefined;
  for (const token of parser.parse(markdown, {})) {
    switch (token.type) {
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] });
        break;
      case 'paragraph_open':
        open({ type: 'paragraph', children: [] });
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const list: List = { type: 'list', ordered, children: [] };
        if (ordered) list.start = Number(token.attrGet('start') ?? 1);
        open(list);
        break;
      }
      case 'list_item_open':
        open({ type: 'listItem', children: [] });
        break;
      case 'footnote_open':
        open({ type: 'footnoteDefinition', ...footnoteLabel(token), children: [] });
        break;
      case 'table_open':
        table = { type: 'table', align: [], children: [] };
        open(table);
        break;
      case 'tr_open':
        row = { type: 'tableRow', children: [] };
        open(row);
        break;
      case 'th_open':
      case 'td_open':
        if (table && row === table.children[0]) table.align!.push(ALIGN[attribute(token, 'style')] ?? null);
        open({ type: 'tableCell', children: [] });
        break;
      case 'heading_close':
      case 'paragraph_close':
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
      case 'footnote_close':
      case 'table_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
        close();
        break;
      case 'inline':
        top().children.push(...phrasing(token.children ?? []));
        break;
      case 'fence':
      case 'code_block':
        top().children.push({ type: 'code', lang: token.info.trim() || null, value: codeValue(token.content) });
        break;
      case 'html_block':
        top().children.push({ type: 'html', value: codeValue(token.content) });
        break;
      case 'hr':
        top().children.push({ type: 'thematicBreak' });
        break;
      // thead, tbody and the footnote block only group what they hold; a footnote's back-link prints nothing.
      default:
        break;
    }
  }
  return root;
}
