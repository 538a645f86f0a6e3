// CPU time per process name on this machine between two snapshots, read from /proc/<pid>/stat (user +
// system ticks). Shows where a benchmark's CPU goes when several processes share the cores.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

export type CpuSnapshot = Map<number, { name: string; ms: number }>;

function readProcess(pid: number): { name: string; ms: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are space-separated.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined; // gone between listing and reading
  }
}

export function snapshotCpu(): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    const process = Number.isInteger(pid) ? readProcess(pid) : undefined;
    if (process) snapshot.set(pid, process);
  }
  return snapshot;
}

/** Milliseconds of CPU per label between two snapshots; `label` names a process (defaults to its name). */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
  label: (pid: number, name: string) => string = (_pid, name) => name,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [pid, { name, ms }] of after) {
    const used = ms - (before.get(pid)?.ms ?? 0);
    if (used <= 0) continue;
    const key = label(pid, name);
    totals.set(key, (totals.get(key) ?? 0) + used);
  }
  return totals;
}

/**
 * What a PostgreSQL process does, from its title (/proc/<pid>/cmdline): `backend <role>` for a client's
 * connection ("postgres: 15/main: webhook_relay_app bench 127.0.0.1(5432) idle"), else its auxiliary role
 * ("walwriter", "autovacuum worker", "checkpointer"). Undefined when it is not PostgreSQL's or is gone.
 */
export function postgresRole(pid: number): string | undefined {
  let title: string;
  try {
    title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return undefined;
  }
  const match = /^postgres: (?:[^:]+: )?(.*)$/.exec(title);
  if (!match) return undefined;
  const words = match[1]!.split(' ');
  // A backend's title: user, database, client address, state; an auxiliary process's: its role's words.
  if (words.length >= 3 && /\(\d+\)$|\[local\]/.test(words[2]!)) return `backend ${words[0]}`;
  return match[1]!.replace(/ (launcher|worker) .*$/, ' $1');
}

/**
 * Milliseconds the hypervisor ran something else while this machine's CPUs wanted to run (steal, the eighth field of
 * /proc/stat's first line), summed over its CPUs. A round with seconds of it was disturbed from outside.
 */
export function machineStealMs(): number {
  const total = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  return Number(total[8] ?? 0) * TICK_MS;
}
