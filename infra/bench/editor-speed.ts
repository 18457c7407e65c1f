import { HocuspocusProvider } from '@hocuspocus/provider';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as Y from 'yjs';
import { documentFragment } from '@prd/doc-model';
import { COLLAB_TOKEN, collabDocumentName } from '@prd/proto';
import { createDocument, type BenchUser } from './api.ts';
import { socketTo } from './live-client.ts';
import { largeMarkdown } from './large-document.ts';
import { latencies, type Latencies } from './load.ts';
import { spread, type Spread } from './spread.ts';

/** The size issue 31's speed targets name. */
export const EDITOR_DOCUMENT_BYTES = 100_000;

/** issue 31 ("Speed"): the rich-text editor in Chromium on a 100 kB PRD that others edit at the same time. */
export interface EditorSpeedFigures {
  documentBytes: number;
  /** Other editors (Yjs clients in this process, through the gateway) typing while the keys are timed. */
  otherEditors: number;
  /** From each key's keydown to the first task after the next animation frame (the frame that paints it). */
  keyToPaint: Latencies;
  /** From navigation start until the editor is editable and holds the document's last heading, each open after a warm-up. */
  open: Spread;
}

export interface EditorSpeedSettings {
  keys: number;
  opens: number;
  otherEditors: number;
  /** Edits per second of each other editor. */
  typingPerSecond: number;
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The editor of the document page (web/src/features/rich-editor): a ProseMirror contenteditable. */
export const EDITOR = '[role="textbox"][aria-label="Document"]';
const WAIT_MS = 30_000;
const TYPED = 'the quick brown fox jumps over the lazy dog ';

/** The text of the markdown's last heading that no other heading repeats: once the editor holds it, it holds the whole document. */
export function lastHeading(markdown: string): string {
  const headings = [...markdown.matchAll(/^#{1,6} +(.+?)(?: +#+)? *$/gm)].map((m) => m[1]!.replace(/[*_`]/g, ''));
  const last = headings.findLast((text) => headings.indexOf(text) === headings.lastIndexOf(text));
  if (!last) throw new Error('the document has no heading of its own');
  return last;
}

/** Another editor: a Yjs client of the live document that inserts words into its paragraphs, one after another. */
interface OtherEditor {
  synced: Promise<void>;
  type: (n: number) => void;
  close: () => void;
}

function otherEditor(base: string, user: BenchUser, documentId: number): OtherEditor {
  const socket = socketTo(base, user);
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: collabDocumentName(documentId), token: COLLAB_TOKEN, document: doc });
  provider.attach();
  const synced = new Promise<void>((resolve, reject) => {
    provider.on('synced', () => resolve());
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => reject(new Error(`refused: ${reason}`)));
  });
  const paragraphs = () =>
    documentFragment(doc)
      .toArray()
      .filter((node): node is Y.XmlElement => node instanceof Y.XmlElement && node.nodeName === 'paragraph' && node.get(0) instanceof Y.XmlText);
  return {
    synced,
    type: (n) => {
      const all = paragraphs();
      if (all.length === 0) throw new Error('the live document has no paragraph: is the content service on the rich-text document model?');
      (all[n % all.length]!.get(0) as Y.XmlText).insert(0, `w${n} `);
    },
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Opens the document page and answers the page's own clock when the editor is editable and holds `marker`: milliseconds since navigation start. */
export async function open(page: Page, url: string, marker: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(
    ({ selector, text }) => {
      const box = document.querySelector(selector);
      return box?.getAttribute('contenteditable') === 'true' && box.textContent?.includes(text) ? performance.now() : 0;
    },
    { selector: EDITOR, text: marker },
    { polling: 'raf', timeout: WAIT_MS },
  );
  return ready.jsonValue();
}

/** Debian's Chromium, and a 1440 × 900 page in it signed in as `user` (its session cookie on `base`). */
export async function signedInPage(base: string, user: BenchUser): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const at = user.cookie.indexOf('=');
    await context.addCookies([{ name: user.cookie.slice(0, at), value: user.cookie.slice(at + 1), url: base }]);
    return { browser, page: await context.newPage() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/**
 * Key-to-paint: a capture-phase keydown listener (before ProseMirror's) notes the key event's time; a requestAnimationFrame
 * callback then a zero-delay task run after the frame that paints the keystroke, and note the delay. Keys are pressed one at
 * a time, each once the previous one's delay is noted.
 */
async function typeKeys(page: Page, keys: number): Promise<number[]> {
  await page.evaluate((selector) => {
    const delays: number[] = [];
    (window as unknown as { keyToPaint: number[] }).keyToPaint = delays;
    document.addEventListener(
      'keydown',
      (event) => {
        if (!(event.target as Element).closest(selector)) return;
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => delays.push(performance.now() - start), 0));
      },
      { capture: true },
    );
  }, EDITOR);
  for (let i = 0; i < keys; i++) {
    await page.keyboard.press(TYPED[i % TYPED.length] === ' ' ? 'Space' : TYPED[i % TYPED.length]!);
    await page
      .waitForFunction((n) => (window as unknown as { keyToPaint: number[] }).keyToPaint.length >= n, i + 1, { polling: 'raf', timeout: WAIT_MS })
      .catch(async (err: unknown) => {
        const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 150));
        throw new Error(`key ${i + 1} was not painted in the editor within ${WAIT_MS / 1000} s; the focus is on ${focus}`, { cause: err });
      });
  }
  return page.evaluate(() => (window as unknown as { keyToPaint: number[] }).keyToPaint);
}

/**
 * The editor rows of issue 31 on the stack at `base`, as `user` (the document's owner): `opens` loads of a 100 kB PRD's page
 * after a warm-up load (the browser's cache then holds the scripts, as for someone who has used the product), then
 * `keys` keystrokes into one of its paragraphs while the other editors type, in Debian's Chromium through Playwright.
 */
export async function measureEditorSpeed(base: string, user: BenchUser, settings: EditorSpeedSettings): Promise<EditorSpeedFigures> {
  const markdown = largeMarkdown(EDITOR_DOCUMENT_BYTES);
  const marker = lastHeading(markdown);
  const { id } = await createDocument(base, user, 'Editor speed benchmark', markdown);
  const url = new URL(`/documents/${id}`, base).toString();
  const others = Array.from({ length: settings.otherEditors }, () => otherEditor(base, user, id));
  const { browser, page } = await signedInPage(base, user).catch((err: unknown) => {
    for (const other of others) other.close();
    throw err;
  });
  let typing: NodeJS.Timeout | undefined;
  try {
    await Promise.all(others.map((o) => o.synced));
    await open(page, url, marker);
    const opens: number[] = [];
    for (let i = 0; i < settings.opens; i++) opens.push(await open(page, url, marker));

    let n = 0;
    typing = setInterval(() => {
      for (const other of others) other.type(n++);
    }, 1000 / settings.typingPerSecond);
    const editor = page.locator(EDITOR);
    await editor.locator('p').nth(20).click();
    await page.keyboard.press('End');
    const delays = await typeKeys(page, settings.keys);
    const typed = TYPED.repeat(Math.ceil(settings.keys / TYPED.length))
      .slice(0, settings.keys)
      .trim();
    if (!(await editor.textContent())?.includes(typed)) throw new Error('the keystrokes did not reach the document');
    return { documentBytes: Buffer.byteLength(markdown), otherEditors: settings.otherEditors, keyToPaint: latencies(delays), open: spread(opens) };
  } finally {
    if (typing) clearInterval(typing);
    await browser.close();
    for (const other of others) other.close();
  }
}
