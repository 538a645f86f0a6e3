// Figure: a destination's transformation runs in its sandbox in under 5 ms at p99 for a 64 KiB body,
// sandbox entry and exit included.
//
// What is timed is transformDelivery (services/webhook-relay/src/delivery/transform), end to end as the delivery
// loop calls it: parsing the captured body, handing the request to a sandbox thread, a fresh QuickJS runtime,
// JSON into it, the tenant's function, JSON out of it, checking what came back and encoding the body to send.
// Baseline, same run, rounds alternated: the same function run natively in this process (JSON.parse, the
// function, JSON.stringify): the simplest correct program doing the same work, without isolation. Each call is
// timed alone: wall clock (process.hrtime) and CPU time of the process (process.cpuUsage: all its threads, the
// sandbox thread included; time the scheduler gave to other processes excluded). Three more sandbox cases split
// the time: `(r) => null` on a 1-byte body (the fixed cost), `(r) => null` on the 64 KiB body (plus the input
// crossing and its parse), `(r) => r` (plus the output crossing). No database, no network.
// Run: pnpm bench:webhook-relay:transformations (needs the service built: pnpm build, or tsc -p tsconfig.build.json).
// BENCH_HOSTILE=1 also times each hostile function: how long until its result, and the host event loop's delay.
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { transformDelivery } from '../../services/webhook-relay/dist/delivery/transform/transform-delivery.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// Each sandbox thread compiles QuickJS's WebAssembly in tiers: the optimised code arrives after some thousands of runs,
// and with 300 warm-up calls per case the first round still carried that compilation (p99 6.7-7.0 ms against 4.2-4.7).
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 1_500);
const EVENT_ID = '019ac9a0-0000-7000-8000-000000000001';
const URL_ = 'https://receiver.example/hooks/github?source=relay';

/** A GitHub push event whose commits make it `bytes` of JSON. */
function pushBody(bytes: number): Buffer {
  const commits: unknown[] = [];
  const event = {
    ref: 'refs/heads/main',
    before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
    after: '59b20b8d5c6ff8d09518454d4dd8b7b30f095ab5',
    repository: { id: 186853002, name: 'relay', full_name: 'acme/relay', private: true, owner: { login: 'acme', id: 6 } },
    pusher: { name: 'octocat', email: 'octocat@example.com' },
    sender: { login: 'octocat', id: 583231, type: 'User' },
    created: false,
    deleted: false,
    forced: false,
    commits,
  };
  for (let n = 0; Buffer.byteLength(JSON.stringify(event)) < bytes; n++)
    commits.push({
      id: n.toString(16).padStart(40, 'a'),
      tree_id: n.toString(16).padStart(40, 'b'),
      message: `Fix delivery ordering in worker ${n} (#${1200 + n})`,
      timestamp: '2026-11-28T09:00:00Z',
      author: { name: 'Mona Lisa', email: 'mona@example.com', username: 'mona' },
      added: [],
      removed: [],
      modified: [`src/delivery/worker-${n % 7}.ts`],
    });
  if (commits.length === 0) commits.push({ id: 'a'.repeat(40), message: 'Initial commit', author: { name: 'Mona Lisa' } });
  return Buffer.from(JSON.stringify(event));
}

// Realistic: a header added from the body, a field renamed, part of the body reshaped.
const TRANSFORMATION = `(request) => {
  const { repository, commits, ...rest } = request.body;
  return {
    ...request,
    headers: { ...request.headers, 'x-repository': repository.full_name },
    body: {
      ...rest,
      repo: { id: repository.id, name: repository.full_name },
      commits: commits.map((c) => ({ sha: c.id, message: c.message, author: c.author.name })),
    },
  };
}`;
// biome-ignore lint/security/noGlobalEval: the baseline runs the tenant's function natively, as written
const nativeTransformation = (0, eval)(TRANSFORMATION) as (request: unknown) => { body: unknown };

interface Case {
  name: string;
  run: () => Promise<unknown> | unknown;
}

function sandboxCase(name: string, code: string, body: Buffer): Case {
  const input = { tenantId: 'bench-tenant', url: URL_, contentType: 'application/json', body, eventId: EVENT_ID };
  return {
    name,
    run: async () => {
      const outcome = await transformDelivery(code, input);
      if (outcome.kind === 'failed') throw new Error(`${name}: ${outcome.error}`);
      return outcome;
    },
  };
}

function nativeCase(name: string, body: Buffer): Case {
  return {
    name,
    run: () => {
      const request = {
        method: 'POST',
        path: '/hooks/github?source=relay',
        headers: { 'content-type': 'application/json' },
        body: JSON.parse(body.toString('utf8')),
      };
      return Buffer.from(JSON.stringify(nativeTransformation(request).body), 'utf8');
    },
  };
}

const big = pushBody(64 * 1024);
const small = pushBody(1024);
const cases: Case[] = [
  sandboxCase('sandbox 64 KiB', TRANSFORMATION, big),
  nativeCase('native 64 KiB', big),
  sandboxCase('sandbox 1 KiB', TRANSFORMATION, small),
  nativeCase('native 1 KiB', small),
  sandboxCase('sandbox (r) => null, 1 byte', '(r) => null', Buffer.from('1')),
  sandboxCase('sandbox (r) => null, 64 KiB', '(r) => null', big),
  sandboxCase('sandbox (r) => r, 64 KiB', '(r) => r', big),
];

const wall = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const cpu = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const roundP99 = new Map<string, number[]>(cases.map((c) => [c.name, []]));

async function timeRound(c: Case, count: number, record: boolean): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    await c.run();
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpuStart);
    if (!record) continue;
    times.push(elapsed);
    wall.get(c.name)!.push(elapsed);
    cpu.get(c.name)!.push((used.user + used.system) / 1000);
  }
  if (record)
    roundP99.get(c.name)!.push(
      percentile(
        times.sort((a, b) => a - b),
        99,
      ),
    );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figure {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function figureOf(values: number[]): Figure {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1]!, mean };
}

const fmt = (value: number) => `${value.toFixed(3)} ms`;
const loads: string[] = [loadavg()[0]!.toFixed(2)];
console.log(
  `bodies ${big.length} and ${small.length} bytes; ${ROUNDS} rounds x ${ITERATIONS} calls per case after ${WARM_UP} warm-up, node ${process.version}`,
);
for (const c of cases) await timeRound(c, WARM_UP, false);
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) await timeRound(c, ITERATIONS, true);
  loads.push(loadavg()[0]!.toFixed(2));
}
console.log(`load average (1 min) at the start and after each round: ${loads.join(', ')}`);
for (const c of cases)
  for (const [clock, values] of [
    ['wall', wall.get(c.name)!],
    ['cpu', cpu.get(c.name)!],
  ] as const) {
    const f = figureOf(values);
    console.log(`${c.name}, ${clock}: p50 ${fmt(f.p50)}, p95 ${fmt(f.p95)}, p99 ${fmt(f.p99)}, max ${fmt(f.max)}, mean ${fmt(f.mean)}`);
  }
for (const c of cases)
  console.log(
    `${c.name}, wall p99 per round: ${roundP99
      .get(c.name)!
      .map((v) => v.toFixed(2))
      .join(', ')} ms`,
  );
for (const size of ['64 KiB', '1 KiB']) {
  const sandbox = figureOf(wall.get(`sandbox ${size}`)!);
  const native = figureOf(wall.get(`native ${size}`)!);
  console.log(
    `${size}: sandbox / native, wall: p50 ${(sandbox.p50 / native.p50).toFixed(1)}x, p99 ${(sandbox.p99 / native.p99).toFixed(1)}x; sandbox minus native p50 ${fmt(sandbox.p50 - native.p50)}`,
  );
}
const target = figureOf(wall.get('sandbox 64 KiB')!).p99;
const targetCpu = figureOf(cpu.get('sandbox 64 KiB')!).p99;
console.log(
  `target p99 < 5 ms (64 KiB, end to end): wall ${target < 5 ? 'reached' : 'NOT reached'}, cpu ${targetCpu < 5 ? 'reached' : 'NOT reached'}`,
);

// Hostile functions: how long until transformDelivery answers, and the longest the host's event loop was held.
const HOSTILE: [string, string][] = [
  ['infinite loop', '(r) => { while (true) {} }'],
  ['loop swallowing errors', '(r) => { while (true) { try { while (true) {} } catch (e) {} } }'],
  ['loop in finally', '(r) => { try { return r; } finally { while (true) {} } }'],
  ['1 GB ArrayBuffer', '(r) => { new ArrayBuffer(2 ** 30); return r; }'],
  ['growing array', '(r) => { const a = []; for (;;) a.push({ a }); }'],
  ['growing string', "(r) => { let s = 'x'; for (;;) s += s; }"],
  ["'x'.repeat(2 ** 28)", "(r) => 'x'.repeat(2 ** 28)"],
  ['deep recursion', '(r) => { const f = (n) => f(n + 1) + 1; return f(0); }'],
  ['regex backtracking', "(r) => { /(a+)+$/.test('a'.repeat(40) + 'b'); return r; }"],
  ['output over 1 MiB', "(r) => ({ ...r, body: 'x'.repeat(2 * 1024 * 1024) })"],
  ['indexOf over length 2^53', '(r) => { Array.prototype.indexOf.call({ length: 2 ** 53 - 1 }, 1); return r; }'],
  ['sparse join of 2^32 - 1', "(r) => { Array(2 ** 32 - 1).join(''); return r; }"],
  ['sort of a 20 MB typed array', '(r) => { new Uint8Array(2e7).fill(1).sort(); return r; }'],
  ['split of a 6 MB string', "(r) => { 'ab'.repeat(3e6).split(''); return r; }"],
];
if (process.env.BENCH_HOSTILE === '1') {
  const input = { tenantId: 'bench-tenant', url: URL_, contentType: 'application/json', body: small, eventId: EVENT_ID };
  for (const [name, code] of HOSTILE) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const start = performance.now();
    const outcome = await transformDelivery(code, input);
    const answered = performance.now() - start;
    delay.disable();
    const next = await transformDelivery(TRANSFORMATION, input);
    const error = outcome.kind === 'failed' ? outcome.error : `(${outcome.kind})`;
    console.log(
      `hostile ${name}: answered after ${answered.toFixed(0)} ms, event loop held at most ${(delay.max / 1e6).toFixed(1)} ms: ${error}; next run ${next.kind}`,
    );
  }
}
