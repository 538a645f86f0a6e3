// Which part of a translation load a process is, for CPU read from /proc (lib/cpu-by-process.ts): the Apertium
// stages (whichever system's chain), the translator service's Node process, PostgreSQL, the load generator (wrk or
// the bench's own process), or anything else on the machine.
export type CpuGroup = 'stages' | 'translator' | 'postgres' | 'load generator' | 'other';

export const CPU_GROUPS: readonly CpuGroup[] = ['stages', 'translator', 'postgres', 'load generator', 'other'];

export function cpuGroup(pid: number, name: string, servicePid?: number): CpuGroup {
  if (pid === servicePid) return 'translator';
  if (pid === process.pid || name === 'wrk') return 'load generator';
  if (name === 'postgres') return 'postgres';
  if (/^(lt-proc|lrx-proc|cg-proc|apertium)/.test(name)) return 'stages';
  return 'other';
}
