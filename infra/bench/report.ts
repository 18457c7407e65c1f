/** A figure the benchmark could not take, and why. */
export interface NotMeasured {
  notMeasured: string;
}

export const isMeasured = <T extends object>(figure: T | NotMeasured): figure is T => !('notMeasured' in figure);

/** A target of docs/decisions/0011-load-tests.md ("Targets"). */
export interface Target {
  op: '<=' | '>=';
  value: number;
  /** How the table shows it, e.g. `p99 ≤ 50 ms`. */
  text: string;
}

export interface Measured {
  /** The number compared with the target. */
  value: number;
  text: string;
  /** Set when the run behind the figure had failures: the figure is then a miss whatever its value. */
  failed?: string;
  /** The least favourable value of a repeated figure: a pass needs it to meet the target too. */
  worst?: number;
}

export type Cell = Measured | NotMeasured;

export type Verdict = 'pass' | 'miss' | 'not measured' | 'info';

export interface Row {
  figure: string;
  target?: Target;
  /** One cell per replica count (1, 2); a figure that does not depend on replicas fills only the first. */
  cells: Array<Cell | undefined>;
}

export interface JudgedCell {
  text: string;
  verdict: Verdict;
}

export function judge(cell: Cell, target: Target | undefined): JudgedCell {
  if (!isMeasured(cell)) return { text: `not measured: ${cell.notMeasured}`, verdict: 'not measured' };
  const text = cell.failed ? `${cell.text} (${cell.failed})` : cell.text;
  if (!target) return { text, verdict: 'info' };
  const meets = (value: number) => (target.op === '<=' ? value <= target.value : value >= target.value);
  const met = !cell.failed && meets(cell.value) && (cell.worst === undefined || meets(cell.worst));
  return { text, verdict: met ? 'pass' : 'miss' };
}

export interface JudgedRow {
  figure: string;
  target: string;
  cells: Array<JudgedCell | null>;
}

export function judgeRows(rows: Row[]): JudgedRow[] {
  return rows.map((row) => ({
    figure: row.figure,
    target: row.target?.text ?? '',
    cells: row.cells.map((cell) => (cell ? judge(cell, row.target) : null)),
  }));
}

function show(cell: JudgedCell | null): string {
  if (!cell) return '—';
  return cell.verdict === 'pass' || cell.verdict === 'miss' ? `${cell.text} ${cell.verdict}` : cell.text;
}

/** The judged rows as a Markdown table, padded so that it also reads well in a terminal. */
export function renderTable(rows: JudgedRow[], columns: string[]): string {
  const header = ['Figure', 'Target', ...columns];
  const body = rows.map((r) => [r.figure, r.target || '—', ...columns.map((_, i) => show(r.cells[i] ?? null))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** A repeated figure: its median and, in brackets, the lowest and highest of the repetitions. */
export const spreadText = (s: { median: number; min: number; max: number }, show: (v: number) => string) =>
  s.min === s.max ? show(s.median) : `${show(s.median)} (${show(s.min)}–${show(s.max)})`;

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const perSecond = (value: number, unit: string) => `${Math.round(value).toLocaleString('en-US')} ${unit}/s`;
export const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
