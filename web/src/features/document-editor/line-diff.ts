/** One line of a diff from the old text to the new one. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Beyond this many edits the texts have little in common: the diff says "all removed, all added". */
const MAX_EDITS = 4_000;

const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n/g, '\n').split('\n'));

/** Myers' O(ND) shortest edit script between two line arrays (without a common prefix or suffix). */
function middle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];

  const reversed: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const row = trace[d]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && row[offset + k - 1]! < row[offset + k + 1]!) ? k + 1 : k - 1;
    const previousX = row[offset + previousK]!;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      reversed.push({ kind: 'same', text: a[x - 1]! });
      x -= 1;
      y -= 1;
    }
    if (d > 0) {
      if (x === previousX) reversed.push({ kind: 'added', text: b[y - 1]! });
      else reversed.push({ kind: 'removed', text: a[x - 1]! });
      x = previousX;
      y = previousY;
    }
  }
  return reversed.reverse();
}

/** The line diff from `before` to `after`: unchanged lines, removed lines and added lines, in reading order. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [...a.slice(0, start).map(same), ...middle(a.slice(start, endA), b.slice(start, endB)), ...a.slice(endA).map(same)];
}

/** A row of the side-by-side view: the old line on the left, the new one on the right (either may be absent). */
export interface SideBySideRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

/** Pairs each run of removed lines with the run of added lines that follows it, line by line. */
export function sideBySide(lines: DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === 'same') {
      rows.push({ left: line, right: line });
      i += 1;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]!.kind === 'removed') removed.push(lines[i++]!);
    while (i < lines.length && lines[i]!.kind === 'added') added.push(lines[i++]!);
    for (let j = 0; j < Math.max(removed.length, added.length); j++) rows.push({ left: removed[j] ?? null, right: added[j] ?? null });
  }
  return rows;
}

/** How many lines were added and removed. */
export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added += 1;
    else if (line.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
