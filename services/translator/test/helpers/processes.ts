import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of this process's direct children, read from /proc (Linux only, like Apertium here). */
export function childPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may hold spaces.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A modes directory whose one pair `xxx-yyy` runs fake-stage.mjs (echo, silence after STUCK, an exit on POISON). `loadMs`
 * delays its first answers like a loading stage; `marksDir` turns on its CRASH:<name> and LATE records, which leave files
 * there; `mode` names the pair otherwise (`eng-spa`: the service's EN-ES).
 */
export function fakeModesDir(options: { loadMs?: number; marksDir?: string; mode?: string } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'translator-modes-'));
  const stage = join(dirname(fileURLToPath(import.meta.url)), 'fake-stage.mjs');
  const marks = options.marksDir ? ` 'marks=${options.marksDir}'` : '';
  writeFileSync(join(dir, `${options.mode ?? 'xxx-yyy'}.mode`), `'${process.execPath}' '${stage}' 'load=${options.loadMs ?? 0}'${marks}\n`);
  return dir;
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
