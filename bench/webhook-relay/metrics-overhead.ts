// Figure: the overhead of metrics on ingest (issue 32: at most 3%). Two relays from the same build, one with
// METRICS_ENABLED=true (scraped every BENCH_SCRAPE_SECONDS while it is measured) and one with
// METRICS_ENABLED=false, each on its own database, capture for an endpoint without a provider from 64
// senders, in interleaved rounds (A B B A ...). Overhead = 1 - median(on) / median(off).
// Run: pnpm bench:webhook-relay:metrics (needs pnpm build). Environment: BENCH_DATABASE_SERVER_URL,
// BENCH_SECONDS (10 per round), BENCH_ROUNDS (6), BENCH_SCRAPE_SECONDS (5).
import { runLoad } from '../lib/load.js';
import { abba, median, pairedRatio, processCpuMs, scrapeEvery } from '../lib/scraper.js';
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
  const on = await start('metrics on', true);
  const off = await start('metrics off', false);
  if ((await fetch(`${off.relay.server.url}/metrics`)).status !== 404) throw new Error('the relay without metrics still serves /metrics');
  const load = (system: System, forSeconds: number) =>
    runLoad({ url: system.ingestUrl, connections: SENDERS, seconds: forSeconds, method: 'POST', nextRequest });
  try {
    for (const system of [on, off]) await load(system, 5);
    for (let round = 1; round <= rounds; round += 1) {
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
    const overhead = 1 - pairedRatio(on.results, off.results);
    const cpuOverhead = pairedRatio(on.cpuPerRequest, off.cpuPerRequest) - 1;
    console.log(
      `\nmedians: metrics on ${median(on.results).toFixed(0)} req/s, off ${median(off.results).toFixed(0)} req/s; relay CPU per request on ${median(on.cpuPerRequest).toFixed(0)} us, off ${median(off.cpuPerRequest).toFixed(0)} us`,
    );
    console.log(
      `overhead, median of the rounds' paired ratios: throughput ${(overhead * 100).toFixed(1)}%, relay CPU per request ${(cpuOverhead * 100).toFixed(1)}% (target at most ${TARGET * 100}%): ${Math.max(overhead, cpuOverhead) <= TARGET ? 'reached' : 'NOT reached'}`,
    );
    const metrics = await (await fetch(on.metricsUrl!)).text();
    const captured = /^relay_ingest_requests_total\{[^}]*outcome="captured"[^}]*\} (\d+)/m.exec(metrics)?.[1];
    console.log(`the metrics relay counted ${captured} captures (relay_ingest_requests_total{outcome="captured"})`);
  } finally {
    await on.relay.server.stop();
    await off.relay.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
