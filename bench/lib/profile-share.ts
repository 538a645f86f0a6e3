// Share of a service's sampled CPU spent in metrics code, from the V8 CPU profiles the overhead benches write
// when run with BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=<dir>": a sample counts when the nearest frame of
// a JavaScript file in its stack (built-ins and node: internals skipped, so their time goes to whoever called
// them) is prom-client or a metrics module (service-kit's src/metrics, a service's src/metrics). Not any frame
// of the stack: a middleware that calls next() would own every later one. Robust where throughput is not:
// other processes on the machine slow every sample alike.
// Run: pnpm --filter ./bench exec tsx lib/profile-share.ts <dir>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const METRICS_CODE = /node_modules\/(\.pnpm\/)?prom-client|\/dist\/metrics\//;

export function metricsShare(profile: CpuProfile): { totalMs: number; metricsMs: number; idleMs: number } {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const inMetrics = new Map<number, boolean>();
  const isMetrics = (id: number): boolean => {
    const known = inMetrics.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const { url } = node.callFrame;
    const ownFile = url !== '' && !url.startsWith('node:');
    const result = ownFile ? METRICS_CODE.test(url) : up !== undefined && isMetrics(up);
    inMetrics.set(id, result);
    return result;
  };
  let totalMs = 0;
  let metricsMs = 0;
  let idleMs = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
      idleMs += ms;
      return;
    }
    totalMs += ms;
    if (isMetrics(id)) metricsMs += ms;
  });
  return { totalMs, metricsMs, idleMs };
}

if (process.argv[1]?.endsWith('profile-share.ts')) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: profile-share.ts <dir of .cpuprofile files>');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const { totalMs, metricsMs } = metricsShare(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
    console.log(
      `${file}: ${(totalMs / 1000).toFixed(1)} s busy, ${(metricsMs / 1000).toFixed(2)} s in metrics code = ${((metricsMs / totalMs) * 100).toFixed(2)}%`,
    );
  }
}
