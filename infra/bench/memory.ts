import { readdirSync, readFileSync } from 'node:fs';
import type { StackState } from '../lib/stack.ts';

/** Resident memory of one process of the stack, its child processes included (PostgreSQL backends, nginx workers). */
export interface ProcessMemory {
  name: string;
  pid: number;
  processes: number;
  /** Sum of VmRSS (kB): shared pages count once per process, so this overstates a tree that shares memory. */
  rssKb: number;
  /** Sum of Pss (kB, /proc/<pid>/smaps_rollup): shared pages split between the processes sharing them; null when unreadable. */
  pssKb: number | null;
}

export interface MemoryFigures {
  processes: ProcessMemory[];
  totalRssKb: number;
  totalPssKb: number | null;
}

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/** Resident size of one process (kB), without its children. */
export const residentKb = (pid: number): number => statusField(pid, 'VmRSS');

function pss(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Pss:'));
    return line ? Number(line.split(/\s+/)[1]) : null;
  } catch {
    return null;
  }
}

/** Parent pid of every process now running. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) may hold spaces or parentheses: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  return map;
}

function tree(root: number, parentOf: Map<number, number>): number[] {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) for (const [pid, ppid] of parentOf) if (ppid === pids[i]) pids.push(pid);
  return pids;
}

/** Reads VmRSS (and Pss) of every process of the stack now. */
export function measureMemory(state: StackState): MemoryFigures {
  const parentOf = parents();
  const processes = state.processes.map((p): ProcessMemory => {
    const pids = tree(p.pid, parentOf);
    let rssKb = 0;
    let pssKb: number | null = 0;
    for (const pid of pids) {
      try {
        rssKb += statusField(pid, 'VmRSS');
        const share = pss(pid);
        pssKb = pssKb === null || share === null ? null : pssKb + share;
      } catch {
        // a backend that ended while we looked
      }
    }
    return { name: p.name, pid: p.pid, processes: pids.length, rssKb, pssKb };
  });
  const totalPss = processes.reduce<number | null>((sum, p) => (sum === null || p.pssKb === null ? null : sum + p.pssKb), 0);
  return { processes, totalRssKb: processes.reduce((sum, p) => sum + p.rssKb, 0), totalPssKb: totalPss };
}

/** How long after its last Word or PDF export the export service is read again: its idle build thread exits after 5 s. */
export const EXPORT_IDLE_SECONDS = 30;

export interface ExportIdleMemory {
  seconds: number;
  /** VmRSS (kB) of each export replica. */
  rssKb: number[];
}

/**
 * The export replicas' resident memory `EXPORT_IDLE_SECONDS` after the last export ended: what the
 * service holds once the load is over, rather than the moment after the last 1 MB document.
 */
export async function exportMemoryAfterIdle(state: StackState, lastExportEndedAt: number): Promise<ExportIdleMemory> {
  const wait = lastExportEndedAt + EXPORT_IDLE_SECONDS * 1000 - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const exporters = measureMemory(state).processes.filter((p) => /^export(-\d+)?$/.test(p.name));
  if (exporters.length === 0) throw new Error('no export process in the stack state');
  return { seconds: EXPORT_IDLE_SECONDS, rssKb: exporters.map((p) => p.rssKb) };
}
