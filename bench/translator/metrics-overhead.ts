// Figure: the overhead of metrics on translation throughput (issue 32: at most 3%). Two translators from the
// same build on the same Apertium pairs, one with METRICS_ENABLED=true (scraped every BENCH_SCRAPE_SECONDS
// while it is measured) and one with METRICS_ENABLED=false, translate the license paragraphs en->es from 8
// clients in interleaved rounds (A B B A ...), each round after a short warm-up, in two phases that start the
// two in opposite orders (start order alone moved throughput by 30% in an A/A run). Overhead = 1 - the geometric
// mean of the phases' medians of paired ratios. Run: pnpm bench:translator:metrics (needs pnpm build and apertium-eng-spa). Environment:
// BENCH_SECONDS (15 per round), BENCH_ROUNDS (4), BENCH_WARMUP_SECONDS (12), BENCH_ROUND_WARMUP_SECONDS (5),
// BENCH_SCRAPE_SECONDS (5).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { translateInstrumentationNs } from '../lib/instrumentation-cost.js';
import type { RunningServer } from '../lib/processes.js';
import { abba, acrossPhases, median, pairedRatio, processCpuMs, scrapeEvery } from '../lib/scraper.js';
import { type ClientLoadResult, runClients } from './client-load.js';
import { licenseParagraphs } from './corpus.js';
import { serviceBuilt, startTranslator, translateWithService } from './service.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 12);
const ROUND_WARMUP_SECONDS = Number(process.env.BENCH_ROUND_WARMUP_SECONDS ?? 5);
const scrapeSeconds = Number(process.env.BENCH_SCRAPE_SECONDS ?? 5);
const CONCURRENCY = 8;
const TARGET = 0.03;
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });

interface System {
  name: string;
  server: RunningServer;
  metricsUrl?: string;
  results: number[];
  /** CPU microseconds of the service's node process per 1,000 characters, per round (its Apertium stages aside). */
  cpuPerKiloChar: number[];
}

async function startPair(phase: number, calibrating: boolean): Promise<{ on: System; off: System }> {
  // One after the other (both migrate the same bench database at start), in the phase's order.
  const start = async (metrics: boolean): Promise<System> => {
    const enabled = metrics && !calibrating;
    const server = await startTranslator(`${resultsDir}translator-metrics-${metrics ? 'on' : 'off'}.log`, {
      METRICS_ENABLED: String(enabled),
    });
    const name = metrics ? (calibrating ? 'A (no metrics)' : 'metrics on') : 'metrics off';
    return { name, server, ...(enabled ? { metricsUrl: `${server.url}/metrics` } : {}), results: [], cpuPerKiloChar: [] };
  };
  if (phase === 0) {
    const on = await start(true);
    return { on, off: await start(false) };
  }
  const off = await start(false);
  return { on: await start(true), off };
}

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error('run pnpm build first: the bench starts services/translator/dist/server.js');
  const paragraphs = licenseParagraphs();
  // BENCH_A_A=1: both instances without metrics, to see what the method reads when there is no difference.
  const calibrating = process.env.BENCH_A_A === '1';
  const run = (system: System, forSeconds: number): Promise<ClientLoadResult> =>
    runClients({
      texts: paragraphs,
      concurrency: CONCURRENCY,
      durationSeconds: forSeconds,
      send: async (text) => void (await translateWithService(system.server.url, text)),
    });
  const throughputRatios: number[] = [];
  const cpuRatios: number[] = [];
  const offCpu: number[] = [];
  let lastOn: System | undefined;
  for (const phase of [0, 1]) {
    const { on, off } = await startPair(phase, calibrating);
    console.log(`phase ${phase + 1}: ${phase === 0 ? `${on.name} started first` : `${off.name} started first`}`);
    try {
      if ((await fetch(`${off.server.url}/metrics`)).status === 200)
        throw new Error('the translator without metrics still serves /metrics');
      for (const system of [on, off]) await run(system, WARMUP_SECONDS);
      for (let round = 1; round <= Math.max(1, Math.round(rounds / 2)); round += 1) {
        for (const system of abba(round, on, off)) {
          await run(system, ROUND_WARMUP_SECONDS);
          const scraper = system.metricsUrl ? scrapeEvery(system.metricsUrl, scrapeSeconds) : undefined;
          const cpuBefore = processCpuMs(system.server.pid);
          const result = await run(system, seconds);
          const cpuUs = ((processCpuMs(system.server.pid) - cpuBefore) * 1000 * 1000) / Math.max(1, result.chars);
          system.cpuPerKiloChar.push(cpuUs);
          const scrapes = (await scraper?.stop()) ?? 0;
          system.results.push(result.charsPerSecond);
          console.log(
            `${`${system.name} #${round}`.padEnd(18)} ${result.charsPerSecond.toFixed(0).padStart(7)} chars/s  p50 ${result.p50Ms} ms  p95 ${result.p95Ms} ms  node CPU ${cpuUs.toFixed(0)} us/1000 chars${scraper ? `  scrapes ${scrapes}` : ''}`,
          );
        }
      }
      // Rounds were interleaved A B B A: each round's pair ran back to back, so their ratio is what drift leaves alone.
      throughputRatios.push(pairedRatio(on.results, off.results));
      cpuRatios.push(pairedRatio(on.cpuPerKiloChar, off.cpuPerKiloChar));
      offCpu.push(...off.cpuPerKiloChar);
      if (on.metricsUrl) {
        const metrics = await (await fetch(on.metricsUrl)).text();
        const counted = /^translator_characters_translated_total\{[^}]*source="EN"[^}]*target="ES"[^}]*\} (\d+)/m.exec(metrics)?.[1];
        console.log(`the metrics translator counted ${counted} characters EN->ES (translator_characters_translated_total)`);
      }
      lastOn = on;
    } finally {
      await on.server.stop();
      await off.server.stop();
    }
  }
  const overhead = 1 - acrossPhases(throughputRatios);
  const cpuOverhead = acrossPhases(cpuRatios) - 1;
  console.log(
    `\nper phase, ${lastOn?.name ?? 'A'} / metrics off: throughput ${throughputRatios.map((ratio) => ratio.toFixed(3)).join(', ')}; node CPU per character ${cpuRatios.map((ratio) => ratio.toFixed(3)).join(', ')}`,
  );
  console.log(
    `overhead across both start orders: throughput ${(overhead * 100).toFixed(1)}%, node CPU per character ${(cpuOverhead * 100).toFixed(1)}% (target at most ${TARGET * 100}%): ${Math.max(overhead, cpuOverhead) <= TARGET ? 'reached' : 'NOT reached'}`,
  );
  // The low-noise half: what the metrics calls of one request cost (a paragraph is a few segments; 8 counted),
  // against what a request costs the service's node process without metrics, both measured in this run.
  const instrumentationNs = translateInstrumentationNs(8);
  const meanChars = paragraphs.reduce((sum, text) => sum + text.length, 0) / paragraphs.length;
  const offCpuPerRequestNs = (median(offCpu) / 1000) * meanChars * 1000;
  console.log(
    `metrics calls per request: ${instrumentationNs.toFixed(0)} ns = ${((instrumentationNs / offCpuPerRequestNs) * 100).toFixed(2)}% of the node process's CPU per request without metrics (${(offCpuPerRequestNs / 1000).toFixed(0)} us for a ${meanChars.toFixed(0)}-character paragraph; the Apertium stages' CPU not counted)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
