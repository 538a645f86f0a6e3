// Figure: the overhead of metrics on translation throughput (issue 32: at most 3%). Two translators from the
// same build on the same Apertium pairs, one with METRICS_ENABLED=true (scraped every BENCH_SCRAPE_SECONDS
// while it is measured) and one with METRICS_ENABLED=false, translate the license paragraphs en->es from 8
// clients in interleaved rounds (A B B A ...), each round after a short warm-up. Overhead = 1 - median(on) /
// median(off). Run: pnpm bench:translator:metrics (needs pnpm build and apertium-eng-spa). Environment:
// BENCH_SECONDS (15 per round), BENCH_ROUNDS (4), BENCH_WARMUP_SECONDS (12), BENCH_ROUND_WARMUP_SECONDS (5),
// BENCH_SCRAPE_SECONDS (5).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunningServer } from '../lib/processes.js';
import { abba, median, pairedRatio, processCpuMs, scrapeEvery } from '../lib/scraper.js';
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

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error('run pnpm build first: the bench starts services/translator/dist/server.js');
  const paragraphs = licenseParagraphs();
  // One after the other: both migrate the same bench database at start.
  const onServer = await startTranslator(`${resultsDir}translator-metrics-on.log`, { METRICS_ENABLED: 'true' });
  const offServer = await startTranslator(`${resultsDir}translator-metrics-off.log`, { METRICS_ENABLED: 'false' });
  const on: System = { name: 'metrics on', server: onServer, metricsUrl: `${onServer.url}/metrics`, results: [], cpuPerKiloChar: [] };
  const off: System = { name: 'metrics off', server: offServer, results: [], cpuPerKiloChar: [] };
  const run = (system: System, forSeconds: number): Promise<ClientLoadResult> =>
    runClients({
      texts: paragraphs,
      concurrency: CONCURRENCY,
      durationSeconds: forSeconds,
      send: async (text) => void (await translateWithService(system.server.url, text)),
    });
  try {
    if ((await fetch(`${offServer.url}/metrics`)).status === 200) throw new Error('the translator without metrics still serves /metrics');
    for (const system of [on, off]) await run(system, WARMUP_SECONDS);
    for (let round = 1; round <= rounds; round += 1) {
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
    const overhead = 1 - pairedRatio(on.results, off.results);
    const cpuOverhead = pairedRatio(on.cpuPerKiloChar, off.cpuPerKiloChar) - 1;
    console.log(
      `\nmedians: metrics on ${median(on.results).toFixed(0)} chars/s, off ${median(off.results).toFixed(0)} chars/s; node CPU per 1000 chars on ${median(on.cpuPerKiloChar).toFixed(0)} us, off ${median(off.cpuPerKiloChar).toFixed(0)} us`,
    );
    console.log(
      `overhead, median of the rounds' paired ratios: throughput ${(overhead * 100).toFixed(1)}%, node CPU per character ${(cpuOverhead * 100).toFixed(1)}% (target at most ${TARGET * 100}%): ${Math.max(overhead, cpuOverhead) <= TARGET ? 'reached' : 'NOT reached'}`,
    );
    const metrics = await (await fetch(on.metricsUrl!)).text();
    const counted = /^translator_characters_translated_total\{[^}]*source="EN"[^}]*target="ES"[^}]*\} (\d+)/m.exec(metrics)?.[1];
    console.log(`the metrics translator counted ${counted} characters EN->ES (translator_characters_translated_total)`);
  } finally {
    await onServer.stop();
    await offServer.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
