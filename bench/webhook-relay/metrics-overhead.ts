// Figure: the overhead of metrics on ingest (issue 32: at most 3%). Two relays from the same build, one with
// METRICS_ENABLED=true (scraped every BENCH_SCRAPE_SECONDS while it is measured) and one with
// METRICS_ENABLED=false, each on its own database, capture for an endpoint without a provider from 64
// senders, in interleaved rounds (A B B A ...), in two phases that start the two in opposite orders. Overhead =
// 1 - the geometric mean of the phases' medians of paired ratios (throughput), and the same for the relay's CPU.
// Run: pnpm bench:webhook-relay:metrics (needs pnpm build). Environment: BENCH_DATABASE_SERVER_URL,
// BENCH_SECONDS (10 per round), BENCH_ROUNDS (6), BENCH_SCRAPE_SECONDS (5).
import { ingestInstrumentationNs } from '../lib/instrumentation-cost.js';
import { runLoad } from '../lib/load.js';
import { abba, acrossPhases, median, pairedRatio, processCpuMs, scrapeEvery } from '../lib/scraper.js';
import { type BenchRelay, startRelay } from './relay-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const scrapeSeconds = Number(process.env.BENCH_SCRAPE_SECONDS ?? 5);
const SENDERS = 64;
const TARGET = 0.03;
const API_KEY = `whk_bench_${'1'.repeat(24)}`;

let sent = 0;
const nextRequest = () => ({
  body: JSON.stringify({ id: `evt_${(sent += 1)}`, type: 'invoice.paid', data: { object: { amount: 4200, currency: 'eur' } } }),
  headers: { 'content-type': 'application/json' },
});

interface System {
  name: string;
  relay: BenchRelay;
  ingestUrl: string;
  metricsUrl?: string;
  results: number[];
  /** CPU microseconds of the relay process per captured request, per round. */
  cpuPerRequest: number[];
}

async function start(name: string, metrics: boolean): Promise<System> {
  const relay = await startRelay({
    database: metrics ? 'webhook_relay_metrics_on_bench' : 'webhook_relay_metrics_off_bench',
    apiKey: API_KEY,
    logName: `webhook-relay-metrics-${metrics ? 'on' : 'off'}`,
    env: { METRICS_ENABLED: String(metrics) },
  });
  const endpoint = await relay.post('/v1/endpoints', { name: 'capture', provider: null });
  return {
    name,
    relay,
    ingestUrl: endpoint.ingest_url,
    ...(metrics ? { metricsUrl: `${relay.server.url}/metrics` } : {}),
    results: [],
    cpuPerRequest: [],
  };
}

async function main(): Promise<void> {
  const load = (system: System, forSeconds: number) =>
    runLoad({ url: system.ingestUrl, connections: SENDERS, seconds: forSeconds, method: 'POST', nextRequest });
  const throughputRatios: number[] = [];
  const cpuRatios: number[] = [];
  const offCpu: number[] = [];
  for (const phase of [0, 1]) {
    // Started one after the other, in opposite orders in the two phases.
    const [first, second] = phase === 0 ? [true, false] : [false, true];
    const started = [await start(first ? 'metrics on' : 'metrics off', first), await start(second ? 'metrics on' : 'metrics off', second)];
    const on = started.find((system) => system.metricsUrl)!;
    const off = started.find((system) => !system.metricsUrl)!;
    console.log(`phase ${phase + 1}: ${started[0]!.name} started first`);
    try {
      if ((await fetch(`${off.relay.server.url}/metrics`)).status !== 404)
        throw new Error('the relay without metrics still serves /metrics');
      for (const system of [on, off]) await load(system, 5);
      for (let round = 1; round <= Math.max(1, Math.round(rounds / 2)); round += 1) {
        for (const system of abba(round, on, off)) {
          const scraper = system.metricsUrl ? scrapeEvery(system.metricsUrl, scrapeSeconds) : undefined;
          const cpuBefore = processCpuMs(system.relay.server.pid);
          const result = await load(system, seconds);
          const cpuUs = ((processCpuMs(system.relay.server.pid) - cpuBefore) * 1000) / Math.max(1, result.ok2xx);
          system.cpuPerRequest.push(cpuUs);
          const scrapes = (await scraper?.stop()) ?? 0;
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${system.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          system.results.push(result.requestsPerSecond);
          console.log(
            `${`${system.name} #${round}`.padEnd(18)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  relay CPU ${cpuUs.toFixed(0)} us/request${scraper ? `  scrapes ${scrapes}` : ''}`,
          );
        }
      }
      // Rounds were interleaved A B B A: each round's pair ran back to back, so their ratio is what drift leaves alone.
      throughputRatios.push(pairedRatio(on.results, off.results));
      cpuRatios.push(pairedRatio(on.cpuPerRequest, off.cpuPerRequest));
      offCpu.push(...off.cpuPerRequest);
      const metrics = await (await fetch(on.metricsUrl!)).text();
      const captured = /^relay_ingest_requests_total\{[^}]*outcome="captured"[^}]*\} (\d+)/m.exec(metrics)?.[1];
      console.log(`the metrics relay counted ${captured} captures (relay_ingest_requests_total{outcome="captured"})`);
    } finally {
      for (const system of started) await system.relay.server.stop();
    }
  }
  const overhead = 1 - acrossPhases(throughputRatios);
  const cpuOverhead = acrossPhases(cpuRatios) - 1;
  console.log(
    `\nper phase, metrics on / off: throughput ${throughputRatios.map((ratio) => ratio.toFixed(3)).join(', ')}; relay CPU per request ${cpuRatios.map((ratio) => ratio.toFixed(3)).join(', ')}`,
  );
  console.log(
    `overhead across both start orders: throughput ${(overhead * 100).toFixed(1)}%, relay CPU per request ${(cpuOverhead * 100).toFixed(1)}% (target at most ${TARGET * 100}%): ${Math.max(overhead, cpuOverhead) <= TARGET ? 'reached' : 'NOT reached'}`,
  );
  // The low-noise half: what the metrics calls of one request cost, against what a request costs the relay
  // without metrics, both measured in this run.
  const instrumentationNs = ingestInstrumentationNs();
  const offCpuNs = median(offCpu) * 1000;
  console.log(
    `metrics calls per captured request: ${instrumentationNs.toFixed(0)} ns = ${((instrumentationNs / offCpuNs) * 100).toFixed(2)}% of the relay's CPU per request without metrics (${median(offCpu).toFixed(0)} us)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
