import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of the whole machine and of the benchmark's own processes (the benchmark itself, its
 * helpers, the stack and their children), in clock ticks. Between two snapshots, the busy time that
 * is not ours is other work that shared the cores with the measurements.
 */
export interface CpuSnapshot {
  total: number;
  busy: number;
  ours: number;
}

function systemTicks(): { total: number; busy: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [number, number, number, number, number, number, number, number];
  const busy = user + nice + system + irq + softirq + steal;
  return { total: busy + idle + iowait, busy };
}

/** Fields after the command name of /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function processTree(roots: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const pids = [...roots];
  for (let i = 0; i < pids.length; i++) pids.push(...(children.get(pids[i]!) ?? []));
  return [...new Set(pids)];
}

/** utime + stime of a process and the waited-for children it reaped (cutime + cstime). */
function processTicks(pid: number): number {
  const f = statFields(pid);
  // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  return f ? Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) : 0;
}

/** utime + stime (with reaped children's) of processes and all their descendants, in clock ticks. */
export const treeTicks = (roots: number[]): number => processTree(roots).reduce((sum, pid) => sum + processTicks(pid), 0);

export function cpuSnapshot(ourRoots: number[]): CpuSnapshot {
  const system = systemTicks();
  return { ...system, ours: treeTicks(ourRoots) };
}

/** Share of the machine's CPU (0..1) that other work used between two snapshots. */
export function foreignShare(before: CpuSnapshot, after: CpuSnapshot): number {
  const total = after.total - before.total;
  if (total <= 0) return 0;
  const foreign = after.busy - before.busy - (after.ours - before.ours);
  return Math.min(1, Math.max(0, foreign / total));
}
