import type { Page } from '@playwright/test';
import { createDocument, postJson, type BenchUser } from './api.ts';
import { EDITOR, lastHeading, open, signedInPage } from './editor-speed.ts';
import { latencies, type Latencies } from './load.ts';
import { probePassage, withProbes } from './suggestion-speed.ts';

/** Issue 33's first speed row as it names it: Ask AI's first suggested words on the asker's screen. */
export interface SuggestionOnScreenFigures {
  /**
   * From the provider sending its first token to the frame that paints the first words of the streamed suggestion in the
   * asker's editor (Chromium, through the product's own Ask AI menu). Signed: the provider stub's clock and the page's are two
   * processes' views of the machine's clock.
   */
  firstWords: Latencies & { missing: number };
  documentBytes: number;
}

export interface SuggestionOnScreenSettings {
  samples: number;
  documentBytes: number;
}

const WARMUP = 2;
const WAIT_MS = 30_000;

type Probe = { paintedAt: number | null };

/**
 * Watches the editor for Ask AI's preview: once it holds text, the first task after the frame that paints it (as key-to-paint
 * times a keystroke) notes the machine's clock. The page applies streamed text in a frame's animation callbacks, and such a
 * change is painted by that same frame: the first task after it ends. A change made in any other task waits for the next frame.
 */
function watchFirstWords(page: Page): Promise<void> {
  return page.evaluate((selector) => {
    const probe: Probe = { paintedAt: null };
    (window as unknown as { firstWords: Probe }).firstWords = probe;
    const editor = document.querySelector(selector)!;
    // True from the first animation callback of each frame until the frame has been drawn (a task cannot run in between).
    let inFrame = false;
    const watchFrames = () =>
      requestAnimationFrame(() => {
        inFrame = true;
        setTimeout(() => (inFrame = false), 0);
        if (probe.paintedAt === null) watchFrames();
      });
    watchFrames();
    const note = () => (probe.paintedAt = performance.timeOrigin + performance.now());
    const observer = new MutationObserver(() => {
      if (!editor.querySelector('.tracked-change-preview .tracked-insertion')?.textContent) return;
      observer.disconnect();
      if (inFrame) setTimeout(note, 0);
      else requestAnimationFrame(() => setTimeout(note, 0));
    });
    observer.observe(editor, { subtree: true, childList: true, characterData: true });
  }, EDITOR);
}

/** Selects the paragraph that holds `passage`, as a person does: a triple click (Shift+Home would stop at a wrapped line's start). */
async function selectPassage(page: Page, passage: string): Promise<void> {
  await page.locator(EDITOR).locator('p', { hasText: passage }).click({ clickCount: 3 });
}

/**
 * On a document of `documentBytes` open in Chromium as its owner: per sample, a probe paragraph selected, Ask AI with an instruction
 * of its own (the provider stub notes its first token by the probe in it), timed until the frame that paints the first suggested
 * words; the stored suggestion is then rejected, so that every sample starts from the same page.
 */
export async function measureSuggestionOnScreen(base: string, user: BenchUser, stubBase: string, settings: SuggestionOnScreenSettings): Promise<SuggestionOnScreenFigures> {
  const total = settings.samples + WARMUP;
  const markdown = withProbes(settings.documentBytes, total);
  const { id } = await createDocument(base, user, 'Ask AI on screen benchmark', markdown);
  const { browser, page } = await signedInPage(base, user);
  try {
    await open(page, new URL(`/documents/${id}`, base).toString(), lastHeading(markdown));
    const delays: number[] = [];
    let missing = 0;
    for (let i = 0; i < total; i++) {
      const probe = `screen-${Date.now().toString(36)}-${i}`;
      await selectPassage(page, probePassage(i));
      await watchFirstWords(page);
      const menu = page.getByRole('toolbar', { name: 'Formatting' });
      await menu.getByRole('button', { name: 'Ask AI' }).click();
      await menu.getByRole('textbox', { name: 'Instruction for the AI' }).fill(`Improve writing bench-probe-${probe}`);
      await menu.getByRole('textbox', { name: 'Instruction for the AI' }).press('Enter');
      const painted = await page
        .waitForFunction(() => (window as unknown as { firstWords: Probe }).firstWords.paintedAt, null, { polling: 'raf', timeout: WAIT_MS })
        .then((handle) => handle.jsonValue() as Promise<number>);
      const { at: tokenAt } = (await (await fetch(`${stubBase}/bench/first-token/${probe}`)).json()) as { at: number | null };
      // The streamed suggestion is stored once its answer ends: listed, shown in the page in the preview's place, then
      // rejected, its widget gone from the page, so the next probe starts from a page without one.
      const pending = await pendingOn(base, user, id, probePassage(i));
      await page.locator(`.tracked-change[data-suggestion-id="${pending}"]`).waitFor({ timeout: WAIT_MS });
      await postJson(base, user, `/api/documents/${id}/suggestions/${pending}/reject`, {}, 200);
      await page.locator('.tracked-change').first().waitFor({ state: 'detached', timeout: WAIT_MS });
      if (i < WARMUP) continue;
      if (tokenAt === null) missing++;
      else delays.push(painted - tokenAt);
    }
    return { firstWords: { ...latencies(delays), missing }, documentBytes: Buffer.byteLength(markdown) };
  } finally {
    await browser.close();
  }
}

/** The id of the pending suggestion on `passage`, once the streamed answer has stored it. */
async function pendingOn(base: string, user: BenchUser, documentId: number, passage: string): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const res = await fetch(`${base}/api/documents/${documentId}/suggestions?status=pending`, { headers: { Cookie: user.cookie, Origin: base } });
    const { suggestions } = (await res.json()) as { suggestions: Array<{ id: number; quote: { exact: string } }> };
    const found = suggestions.find((s) => s.quote.exact.includes(passage));
    if (found) return found.id;
    if (Date.now() > deadline) throw new Error(`Ask AI's suggestion on "${passage}" was never listed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
