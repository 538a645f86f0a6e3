// Which malloc a chain's stage processes use. Apertium's stages copy ICU strings and transducer states
// word by word: a perf profile of a loaded en->es chain puts a fifth of its time in glibc's malloc and
// free. The same Debian binaries with gperftools' tcmalloc (Debian package libtcmalloc-minimal4)
// preloaded translate byte for byte the same text 12-35% faster on 2 vCPU (README, translator benchmark).
// Preloading only touches the stages: the service's own Node process keeps its allocator.
import { existsSync } from 'node:fs';

/** `tcmalloc`, `system`, or the absolute path of a malloc library to preload. */
export type StageAllocatorSetting = string;

export function isStageAllocatorSetting(value: string): boolean {
  return value === 'tcmalloc' || value === 'system' || value.startsWith('/');
}

// Debian and Ubuntu put it under the multiarch directory; other distributions under lib64 or lib.
const TCMALLOC_FILE = 'libtcmalloc_minimal.so.4';
const LIBRARY_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/local/lib'];

export interface StageAllocator {
  /** What the stages run with, for the boot log. */
  name: string;
  /** The library to preload into every stage; undefined: the system's malloc. */
  preload?: string;
  /** Why the setting could not be followed, if it could not. */
  warning?: string;
}

/**
 * Resolves the setting against this machine. `tcmalloc` falls back to the system malloc when the library
 * is not installed (the service still works, only slower); an explicit path that does not exist is the
 * operator's mistake and fails the start.
 */
export function resolveStageAllocator(setting: StageAllocatorSetting, exists: (path: string) => boolean = existsSync): StageAllocator {
  if (setting === 'system') return { name: 'system' };
  if (setting === 'tcmalloc') {
    const found = LIBRARY_DIRS.map((dir) => `${dir}/${TCMALLOC_FILE}`).find((path) => exists(path));
    if (found) return { name: 'tcmalloc', preload: found };
    return {
      name: 'system',
      warning: `${TCMALLOC_FILE} not found (Debian package libtcmalloc-minimal4): Apertium stages use the system malloc, about a fifth slower`,
    };
  }
  if (!isStageAllocatorSetting(setting))
    throw new Error(`APERTIUM_STAGE_ALLOCATOR must be tcmalloc, system or an absolute path, got "${setting}"`);
  if (!exists(setting)) throw new Error(`APERTIUM_STAGE_ALLOCATOR: ${setting} does not exist`);
  return { name: setting, preload: setting };
}

/** The environment a stage starts with: ours, with the allocator put in front of any LD_PRELOAD already set. */
export function stageEnvironment(preload: string | undefined, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv | undefined {
  if (!preload) return undefined;
  return { ...env, LD_PRELOAD: env.LD_PRELOAD ? `${preload}:${env.LD_PRELOAD}` : preload };
}
