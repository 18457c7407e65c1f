import TurndownService from 'turndown';
import { highlightedCodeBlock, strikethrough, taskListItems } from './turndown-gfm.js';
import { element, type DomElement } from './dom-element.js';
import { gfmTable } from './gfm-table.js';
import { linkDestination } from './link-destination.js';

export interface Converted {
  markdown: string;
  /** Images that could not become links (embedded in the file): dropped. */
  droppedImages: number;
}

/** Google Docs' HTML export styles text by class (`.c3{font-weight:700}`): the classes that make text bold or italic. */
function styledClasses(html: string): { bold: Set<string>; italic: Set<string> } {
  const bold = new Set<string>();
  const italic = new Set<string>();
  for (const style of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) {
    for (const [, name, body] of style[1]!.matchAll(/\.([\w-]+)\s*\{([^}]*)\}/g)) {
      if (/font-weight:\s*(bold|[6-9]00)/i.test(body!)) bold.add(name!);
      if (/font-style:\s*italic/i.test(body!)) italic.add(name!);
    }
  }
  return { bold, italic };
}

const hasClass = (node: DomElement, classes: Set<string>) => classes.size > 0 && Array.from(node.classList ?? []).some((c) => classes.has(c));
const styled = (node: DomElement, pattern: RegExp) => pattern.test(node.getAttribute('style') ?? '');
const BOLD_STYLE = /font-weight:\s*(bold|[6-9]00)/i;
const ITALIC_STYLE = /font-style:\s*italic/i;
const wrap = (content: string, mark: string) => (content.trim() ? `${mark}${content}${mark}` : content);

/** Google Docs sends links through its redirector (`https://www.google.com/url?q=<target>&sa=D…`): the target is the link. */
function linkTarget(href: string): string {
  const redirect = /^https:\/\/www\.google\.com\/url\?/.exec(href) ? new URL(href).searchParams.get('q') : null;
  return redirect ?? href;
}

/**
 * HTML (a Notion or Google Docs export) as GFM markdown with
 * turndown: `#` headings, `-` lists, fenced code, GFM tables (see gfm-table.ts), links; images on the
 * web become links, embedded ones are dropped and counted.
 */
export function htmlToMarkdown(html: string): Converted {
  const { bold, italic } = styledClasses(html);
  let droppedImages = 0;
  const service = new TurndownService({ headingStyle: 'atx', hr: '---', bulletListMarker: '-', codeBlockStyle: 'fenced', emDelimiter: '_', strongDelimiter: '**' });
  service.use([highlightedCodeBlock, strikethrough, taskListItems]);
  service.remove(['head', 'title', 'meta', 'script', 'style', 'noscript', 'template']);
  // A cell's markdown as turndown's walk makes it (cells before their table), kept for the table's rule rather than converted again.
  const cells = new Map<DomElement, string>();
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      cells.set(element(node), content);
      return '';
    },
  });
  service.addRule('table', {
    filter: 'table',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by the build, whose lib makes turndown's Node the DOM's HTMLElement
    replacement: (_content, node) => `\n\n${gfmTable(element(node), (cell) => cells.get(cell) ?? service.turndown(cell as unknown as TurndownService.Node))}\n\n`,
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const image = element(node);
      const src = image.getAttribute('src') ?? '';
      const alt = (image.getAttribute('alt') ?? '').trim().replace(/[[\]]/g, '');
      if (/^https?:\/\//i.test(src)) return `[${alt || 'Image'}](${src})`;
      droppedImages++;
      return '';
    },
  });
  service.addRule('link', {
    filter: (node) => element(node).nodeName === 'A' && !!element(node).getAttribute('href'),
    replacement: (content, node) => {
      const anchor = element(node);
      // A linked image (Notion wraps each in a link to itself) is the image rule's: a link already, or dropped.
      if (anchor.children.length === 1 && anchor.children[0]!.nodeName === 'IMG') return content;
      const href = linkTarget(anchor.getAttribute('href')!);
      return content.trim() ? `[${content.trim()}](${linkDestination(href)})` : '';
    },
  });
  // Google Docs marks bold by style or class, and wraps pasted text in a <b> that is not bold.
  service.addRule('notBold', {
    filter: (node) => element(node).nodeName === 'B' && /font-weight:\s*normal/i.test(element(node).getAttribute('style') ?? ''),
    replacement: (content) => content,
  });
  const isBold = (node: DomElement) => styled(node, BOLD_STYLE) || hasClass(node, bold);
  const isItalic = (node: DomElement) => styled(node, ITALIC_STYLE) || hasClass(node, italic);
  service.addRule('styledSpan', {
    filter: (node) => element(node).nodeName === 'SPAN' && (isBold(element(node)) || isItalic(element(node))),
    replacement: (content, node) => {
      const span = element(node);
      return isBold(span) ? wrap(isItalic(span) ? wrap(content, '_') : content, '**') : wrap(content, '_');
    },
  });
  // One space after the marker (turndown's default is three), as the editor writes lists.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = element(node).parentNode!;
      let prefix = '- ';
      if (parent.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start')) || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?!$)/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (element(node).nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  // Editors' non-breaking spaces (Google Docs puts one beside every styled word) are plain spaces in markdown.
  const markdown = service
    .turndown(html)
    .replace(/\u00a0/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, droppedImages };
}
