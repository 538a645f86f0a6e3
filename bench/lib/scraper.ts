import { readFileSync } from 'node:fs';

// Scrapes /metrics every `everySeconds` while a measured round runs, as Prometheus would (its default is 15-60 s;
// the overhead benches scrape more often than that, so the scrape's own cost is counted generously).
export function scrapeEvery(url: string, everySeconds: number): { stop(): Promise<number> } {
  let scrapes = 0;
  let last: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    last = fetch(url).then(async (response) => {
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      await response.text();
      scrapes += 1;
    });
  }, everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await last;
      return scrapes;
    },
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Rounds of two systems in A B B A order, so drift over the run hits both alike. */
export const abba = <T>(round: number, a: T, b: T): [T, T] => (round % 2 === 1 ? [a, b] : [b, a]);

/** CPU milliseconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The overhead of A against B from interleaved rounds: per round, A's figure over B's measured next to it
 * (drift between rounds cancels), then the median of those ratios. Throughput: 1 - ratio; cost: ratio - 1.
 */
export function pairedRatio(a: number[], b: number[]): number {
  return median(a.map((value, index) => value / b[index]!));
}

/**
 * Phases that start the two instances in opposite orders cancel what start order alone does to them (an A/A
 * run, both without metrics, showed the first-started translator 30% slower on a loaded 2-core machine): the
 * overhead is the geometric mean of the phases' ratios.
 */
export const acrossPhases = (ratios: number[]): number => ratios.reduce((product, ratio) => product * ratio, 1) ** (1 / ratios.length);
