/**
 * Issue 31's key-to-paint row alone, as `npm run bench` measures it (docs/decisions/0043-typing-speed.md), against a stack
 * that is already running: `node infra/bench/editor-speed-probe.ts [base URL]` (default the local stack on port 8131).
 * Prints the figures as JSON. Not part of the bench.
 */
import { register } from './api.ts';
import { SETTINGS } from './bench.ts';
import { measureEditorSpeed } from './editor-speed.ts';

const base = process.argv[2] ?? 'http://localhost:8131';
const figures = await measureEditorSpeed(base, await register(base, 'probe'), {
  keys: SETTINGS.editorKeys,
  opens: 1,
  otherEditors: SETTINGS.editorOthers,
  typingPerSecond: SETTINGS.editorOthersTypingPerSecond,
});
console.log(JSON.stringify({ keyToPaint: figures.keyToPaint, open: figures.open }));
