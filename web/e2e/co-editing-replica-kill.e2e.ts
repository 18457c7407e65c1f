import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readlinkSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { createDocumentByApi } from './chat-helpers';
import { editorText, newUser, openLiveEditor, shareByApi } from './co-editing-helpers';
import { unique } from './helpers';

/**
 * A content replica dies (SIGKILL) while two people edit: both keep typing, reconnect to the other replica
 * and lose nothing. It kills replicas of the shared test stack, so it runs in a Playwright project of its
 * own after every other end-to-end test (web/playwright.config.ts) and stops what it restarted; it needs
 * the stack's state file (STACK_STATE, set by `npm test`) and is skipped without it.
 */
test.describe.configure({ timeout: 480_000 });
test.skip(!process.env.STACK_STATE, 'needs the test stack of `npm test` (STACK_STATE): it kills and restarts content replicas');

interface StackProcess {
  kind: string;
  name: string;
  pid: number;
  port?: number;
  log: string;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A content replica of the stack, with what it takes to start it again as it was (its command line, environment and folder). */
class Replica {
  private readonly command: string[];
  private readonly env: Record<string, string>;
  private readonly cwd: string;
  private restarted: number | undefined;

  constructor(readonly process: StackProcess) {
    const read = (file: string) => readFileSync(`/proc/${process.pid}/${file}`, 'utf8').split('\0').filter(Boolean);
    this.command = read('cmdline');
    this.env = Object.fromEntries(read('environ').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
    this.cwd = readlinkSync(`/proc/${process.pid}/cwd`);
  }

  async kill(): Promise<void> {
    const pid = this.restarted ?? this.process.pid;
    globalThis.process.kill(pid, 'SIGKILL');
    await expect.poll(() => isAlive(pid)).toBe(false);
  }

  /** Starts it again on its port, as the stack did (its own process group, output appended to its log). */
  async restart(): Promise<void> {
    const [file, ...args] = this.command;
    const log = openSync(this.process.log, 'a');
    const child = spawn(file!, args, { env: this.env, cwd: this.cwd, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    child.unref();
    this.restarted = child.pid;
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${this.process.port}/readyz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
  }

  /** Stops the process this test started (the stack's own stop only knows the pid it started). */
  async stopRestarted(): Promise<void> {
    const pid = this.restarted;
    if (pid === undefined || !isAlive(pid)) return;
    globalThis.process.kill(-pid, 'SIGTERM');
    await expect.poll(() => isAlive(pid), { timeout: 20_000 }).toBe(false);
  }
}

function contentReplicas(): Replica[] {
  const state = JSON.parse(readFileSync(process.env.STACK_STATE!, 'utf8')) as { processes: StackProcess[] };
  return state.processes.filter((p) => p.kind === 'service' && /^content-\d+$/.test(p.name) && isAlive(p.pid)).map((p) => new Replica(p));
}

const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Offline — your changes are kept and will sync' });

test('a content replica killed mid-session: both sides keep typing, reconnect and lose nothing', async ({ browser }) => {
  const replicas = contentReplicas();
  expect(replicas.length, 'the stack phase runs two content replicas').toBe(2);
  const [first, second] = replicas as [Replica, Replica];

  const a = await newUser(browser);
  const b = await newUser(browser);
  const doc = await createDocumentByApi(a.page, unique('Resilient plan '), '# Plan\n\nShared text.');
  await shareByApi(a.page, doc.id, b.username, 'editor');
  const onA = await openLiveEditor(a.page, doc.id);
  const onB = await openLiveEditor(b.page, doc.id);
  // A writes at the end of the document, B at its very start: the caret is placed by keys, not by a click among remote cursors.
  const typedByA: string[] = [];
  const typedByB: string[] = [];
  const type = async (round: string) => {
    typedByA.push(` A-${round}.`);
    typedByB.push(`B-${round}. `);
    await onA.editor.press('Control+End');
    await a.page.keyboard.type(typedByA.at(-1)!);
    await onB.editor.press('Control+Home');
    await b.page.keyboard.type(typedByB.at(-1)!);
  };
  const everythingOnBothScreens = async () => {
    // As the editor shows it: B's words at the start of the heading, A's at the end of the paragraph.
    const expected = `${[...typedByB].reverse().join('')}Plan\nShared text.${typedByA.join('')}`;
    for (const side of [onA, onB]) await expect.poll(() => editorText(side.editor), { timeout: 60_000 }).toBe(expected);
  };

  try {
    await type('before');
    await everythingOnBothScreens();

    // The first replica dies: whoever was on it reconnects to the second; afterwards both are on the second.
    await first.kill();
    await type('after-first-kill');
    await everythingOnBothScreens();

    // The first comes back, then the second dies: now both lose their connection for certain.
    await first.restart();
    await second.kill();
    await expect(reconnecting(a.page)).toBeVisible({ timeout: 30_000 });
    await expect(reconnecting(b.page)).toBeVisible({ timeout: 30_000 });
    // Typing goes on while the connection is down (or just back); the edits merge once it is back.
    await type('during-reconnect');
    await expect(reconnecting(a.page)).toBeHidden({ timeout: 60_000 });
    await expect(reconnecting(b.page)).toBeHidden({ timeout: 60_000 });
    await type('after-reconnect');
    await everythingOnBothScreens();

    // And the text is stored: a fresh load shows all of it.
    const fresh = await a.page.context().newPage();
    const reloaded = await openLiveEditor(fresh, doc.id);
    await expect.poll(() => editorText(reloaded.editor), { timeout: 30_000 }).toBe(await editorText(onA.editor));
  } finally {
    await first.stopRestarted();
  }
});
