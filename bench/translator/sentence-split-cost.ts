// Diagnostic, not a figure: what writing plain text a sentence per segment (text-chunks.ts) costs the chain's
// stages under the 8-client load, against the whole paragraph per segment. One raw warm chain with tcmalloc, as
// the service has it, fed by 8 closed-loop clients; the two ways alternate, ABBA, and each round prints the
// chain's rate and its stages' CPU per paragraph. Run: pnpm --filter ./bench run translator:split-cost
// Environment: BENCH_ROUNDS (6), BENCH_CHARS (1,000,000 characters per round).
import { resolveStageAllocator } from '@workspace/translator/apertium/stage-allocator';
import { cpuBetween, snapshotCpu } from '../lib/cpu-by-process.js';
import { abba } from '../lib/scraper.js';
import { runClients } from './client-load.js';
import { cpuGroup } from './cpu-groups.js';
import { licenseParagraphs, workload } from './corpus.js';
import { startRawPipeline } from './raw-pipeline.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const chars = Number(process.env.BENCH_CHARS ?? 1_000_000);

const chain = await startRawPipeline({ preload: resolveStageAllocator('tcmalloc').preload });
try {
  const paragraphs = licenseParagraphs();
  const texts = workload(paragraphs, chars);
  const ways = { whole: (text: string) => chain.translate(text), 'by sentence': (text: string) => chain.translateBySentence(text) };
  const load = (translate: (text: string) => Promise<string>, durationSeconds?: number) =>
    runClients({ texts, concurrency: 8, send: async (text) => void (await translate(text)), durationSeconds });
  await load(ways.whole, 8);
  for (let round = 1; round <= rounds; round++) {
    for (const way of abba<keyof typeof ways>(round, 'whole', 'by sentence')) {
      const before = snapshotCpu();
      const result = await load(ways[way]);
      const stagesMs = cpuBetween(before, snapshotCpu(), cpuGroup).get('stages') ?? 0;
      console.log(
        `round ${round} ${way.padEnd(11)} ${result.charsPerSecond.toFixed(0)} chars/s; stages ${((stagesMs * 1000) / result.requests).toFixed(0)} us per paragraph`,
      );
    }
  }
} finally {
  await chain.close();
}
