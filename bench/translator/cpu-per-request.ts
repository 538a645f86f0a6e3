// Diagnostic, not a figure: where the CPU goes per translated paragraph when the service runs the
// throughput load (8 clients, en->es, after a warm-up): the service's Node process, PostgreSQL (metering),
// each Apertium stage and the load generator itself. Run: pnpm --filter ./bench run translator:cpu
// Environment: BENCH_WARMUP_SECONDS (12), BENCH_CHARS (1,500,000 characters measured), BENCH_CLIENTS (8; 1 shows
// what a request costs when nothing shares its fixed costs).
import { cpuBetween, snapshotCpu } from '../lib/cpu-by-process.js';
import { agent, runClients } from './client-load.js';
import { licenseParagraphs, totalChars, workload } from './corpus.js';
import { startTranslator, translateWithService } from './service.js';

const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 12);
const chars = Number(process.env.BENCH_CHARS ?? 1_500_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);

const service = await startTranslator(new URL('../results/translator-cpu.log', import.meta.url).pathname);
try {
  const paragraphs = licenseParagraphs();
  const load = (texts: string[]) =>
    runClients({ texts, concurrency: clients, send: async (text) => void (await translateWithService(service.url, text)) });
  const until = Date.now() + warmupSeconds * 1000;
  do await load(paragraphs);
  while (Date.now() < until);

  const texts = workload(paragraphs, chars);
  const before = snapshotCpu();
  const result = await load(texts);
  const after = snapshotCpu();
  const byProcess = cpuBetween(before, after, (pid, name) =>
    pid === process.pid ? 'load generator (node)' : pid === service.pid ? 'translator service (node)' : name,
  );
  console.log(
    `${result.requests} paragraphs, ${totalChars(texts)} chars in ${result.seconds.toFixed(2)} s = ${result.charsPerSecond.toFixed(0)} chars/s`,
  );
  const total = [...byProcess.values()].reduce((sum, ms) => sum + ms, 0);
  for (const [name, ms] of [...byProcess].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= total / 200)) {
    console.log(
      `${name.padEnd(28)} ${((ms * 1000) / result.requests).toFixed(0).padStart(6)} us per paragraph  ${((ms / total) * 100).toFixed(1).padStart(5)}% of all CPU used`,
    );
  }
  console.log(
    `all processes: ${((total * 1000) / result.requests).toFixed(0)} us per paragraph, ${(total / 1000 / result.seconds).toFixed(2)} cores busy`,
  );
} finally {
  await service.stop();
  agent.destroy();
}
