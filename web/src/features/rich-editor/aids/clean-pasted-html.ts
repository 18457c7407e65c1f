/**
 * Turns HTML pasted from Google Docs, Word and Notion into plain structure the schema's own parse rules
 * read: what those editors encode in styles, classes and conditional comments (a bold wrapper that is not
 * bold, lists as styled paragraphs, checkboxes as divs) becomes elements. Marks written as styles
 * (`font-weight:700`, `font-style:italic`) are left to the marks' parse rules.
 */
export function cleanPastedHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  unwrapGoogleDocs(body);
  googleDocsChecklists(body);
  notionTodos(body);
  checkboxItems(body);
  wordLists(body);
  for (const element of Array.from(body.querySelectorAll('o\\:p, style, meta, link, xml'))) element.remove();
  return body.innerHTML;
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

function markTaskList(list: Element, checked: (item: Element) => boolean): void {
  list.setAttribute('data-type', 'taskList');
  for (const item of Array.from(list.children)) {
    if (item.tagName !== 'LI') continue;
    item.setAttribute('data-checked', String(checked(item)));
    item.setAttribute('data-type', 'taskItem');
  }
}

/** Google Docs wraps the whole copy in `<b style="font-weight:normal" id="docs-internal-guid-…">`. */
function unwrapGoogleDocs(body: HTMLElement): void {
  for (const wrapper of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(wrapper);
}

/** Google Docs' checklists: `<li role="checkbox" aria-checked="true">`. */
function googleDocsChecklists(body: HTMLElement): void {
  for (const list of Array.from(body.querySelectorAll('ul'))) {
    const items = Array.from(list.children).filter((child) => child.tagName === 'LI');
    if (items.length > 0 && items.every((item) => item.getAttribute('role') === 'checkbox')) markTaskList(list, (item) => item.getAttribute('aria-checked') === 'true');
  }
}

/** Notion's to-dos: `<ul class="to-do-list"><li><div class="checkbox checkbox-on"></div><span>…</span></li></ul>`. */
function notionTodos(body: HTMLElement): void {
  for (const list of Array.from(body.querySelectorAll('ul.to-do-list'))) {
    markTaskList(list, (item) => item.querySelector('.checkbox-on') !== null);
    for (const box of Array.from(list.querySelectorAll('.checkbox'))) box.remove();
  }
}

/** Lists whose items start with a checkbox input (GitHub's rendered task lists, many web pages). */
function checkboxItems(body: HTMLElement): void {
  for (const list of Array.from(body.querySelectorAll('ul'))) {
    const items = Array.from(list.children).filter((child) => child.tagName === 'LI');
    const box = (item: Element) => item.querySelector(':scope > input[type="checkbox"], :scope > p > input[type="checkbox"]');
    if (items.length === 0 || !items.every(box)) continue;
    markTaskList(list, (item) => (box(item) as HTMLInputElement).hasAttribute('checked'));
    for (const item of items) box(item)!.remove();
  }
}

const MSO_LIST = /mso-list:\s*l(\d+)\s+level(\d+)/i;
/** A numbered item's marker: "1.", "a)", "iv." (bullets are symbols: "·", "o", "§"). */
const ORDERED_MARKER = /^[\da-z]{1,5}[.)]$/i;

/**
 * Word writes each list item as a paragraph styled `mso-list:l0 level2 lfo1`, its bullet or number in a
 * `mso-list:Ignore` span. Consecutive such paragraphs become nested `ul`/`ol` elements.
 */
function wordLists(body: HTMLElement): void {
  const items = Array.from(body.querySelectorAll('p')).filter((p) => MSO_LIST.test(p.getAttribute('style') ?? ''));
  let stack: { level: number; list: HTMLElement }[] = [];
  let previous: Element | null = null;
  for (const paragraph of items) {
    const level = Number(MSO_LIST.exec(paragraph.getAttribute('style')!)![2]);
    const marker = paragraph.querySelector('span[style*="mso-list:Ignore"], span[style*="mso-list: Ignore"]');
    const ordered = ORDERED_MARKER.test((marker?.textContent ?? '').replace(/\s|\u00a0/g, ''));
    marker?.remove();
    const tag = ordered ? 'OL' : 'UL';
    // A run of items continues only where the previous item is the paragraph's previous sibling.
    if (previous !== paragraph.previousElementSibling) stack = [];
    while (stack.length > 0 && stack.at(-1)!.level > level) stack.pop();
    if (stack.length > 0 && stack.at(-1)!.level === level && stack.at(-1)!.list.tagName !== tag) stack.pop();
    let top = stack.at(-1);
    if (!top || top.level < level) {
      const list = document.createElement(tag);
      const parentItem = top?.list.lastElementChild;
      if (parentItem) parentItem.append(list);
      else paragraph.before(list);
      top = { level, list };
      stack.push(top);
    }
    const item = document.createElement('li');
    const text = document.createElement('p');
    text.append(...Array.from(paragraph.childNodes));
    item.append(text);
    top.list.append(item);
    previous = paragraph;
    // The paragraph stays in place (empty) until the run ends, so the next item still finds it as its sibling.
    paragraph.setAttribute('data-word-list-item', '');
  }
  for (const paragraph of Array.from(body.querySelectorAll('p[data-word-list-item]'))) paragraph.remove();
}
