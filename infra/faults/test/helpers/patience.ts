import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times longer than on a quiet machine a start or a recovery may take here: the last minute's load
 * per core, from 1 (quiet) to 4. CI runs beside other work; a wait sized for a quiet machine fails there
 * without anything being wrong.
 */
export function loadFactor(): number {
  return Math.min(4, Math.max(1, loadavg()[0]! / availableParallelism()));
}

/** `ms` on a quiet machine, longer in proportion to the load now. */
export function patient(ms: number): number {
  return Math.round(ms * loadFactor());
}
