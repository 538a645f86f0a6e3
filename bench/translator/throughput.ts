// Figure: translation throughput in characters of input per second, en->es, 8 concurrent clients, each
// request one license paragraph, in one run:
//   a. apertium-apy (Debian), the peer;  b. one raw warm chain of our own, the engine's limit, with the
//   allocator the service gives its chains (tcmalloc, stage-allocator.ts: like for like, issue 45), and as
//   Debian ships it (the system malloc, a diagnostic);  c. our translator service.
// Targets (ARCHITECTURE.md, issue 45): service >= 5x apy and >= 0.8x the raw chain with the same allocator,
// with 8 clients and with one (latency-bound: one text at a time through each). Run: pnpm bench:translator
// Every system is measured for the same time: BENCH_SECONDS (20) per round, right after the same
// BENCH_ROUND_WARMUP_SECONDS (5) of the same load; BENCH_ROUNDS (2) rounds, interleaved. (A fixed amount
// of work per system gave the fastest one a window of a few seconds, all of it in the slow seconds that
// follow the idle time while the others were measured.)
// HTTP load comes from wrk (lib/wrk-cycle.ts: a few microseconds of CPU per request, where a Node client spends ~0.2 ms
// that the 2 cores then lack for the systems measured); each system's answer is checked first with the Node client.
// BENCH_LOADGEN=node keeps the Node client throughout (the figures before 2026-11-28).
// Environment: those, BENCH_WARMUP_SECONDS (12, once at the start), BENCH_DATABASE_SERVER_URL, BENCH_APY_ARGS.
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpuBetween, snapshotCpu } from '../lib/cpu-by-process.js';
import type { RunningServer } from '../lib/processes.js';
import { runWrkCycle } from '../lib/wrk-cycle.js';
import { wrkAvailable } from '../lib/wrk-load.js';
import { apyBody, startApy, translateWithApy } from './apy.js';
import { CPU_GROUPS, type CpuGroup, cpuGroup } from './cpu-groups.js';
import { agent, runClients, summarize, type ClientLoadResult } from './client-load.js';
import { licenseParagraphs, totalChars, workload } from './corpus.js';
import { resolveStageAllocator } from '@workspace/translator/apertium/stage-allocator';
import { startRawPipeline, type RawPipeline } from './raw-pipeline.js';
import { ADMIN_KEY, SERVICE_ENTRY, serviceBuilt, startTranslator, translateBody, translateWithService } from './service.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const CONCURRENCY = 8;
// Every system gets the same warm-up: whole passes over the corpus until this much time has passed.
// Node's JIT needs ~10 s of this load to reach its steady state (3 s left the service a fifth slower);
// apy and the raw chain are at theirs after the first pass. BENCH_WARMUP_SECONDS changes it.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 12);
const ROUND_WARMUP_SECONDS = Number(process.env.BENCH_ROUND_WARMUP_SECONDS ?? 5);
const TARGETS = { serviceVsApy: 5, serviceVsRaw: 0.8, oneClientVsRaw: 0.8 };
const LOADGEN = process.env.BENCH_LOADGEN === 'node' ? 'node' : 'wrk';
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });

// rawTcmalloc is the baseline: the raw chain with the malloc the service gives its chains (stage-allocator.ts),
// so the service's own cost shows against an equal engine. Diagnostics, not targets: raw, the chain with the
// system malloc; rawClients, the baseline chain with only 8 texts in flight, as 8 HTTP clients keep (what closed-loop
// clients cost the chain itself, before anything the service does).
// rawOne and serviceOne: one client, one text at a time (a request's time against the chain's own time for the text).
// rawOneBySentence, a diagnostic: the same chain fed each text a sentence per segment, as the service feeds plain text.
type Name = 'apy' | 'raw' | 'rawClients' | 'rawTcmalloc' | 'service' | 'rawOne' | 'rawOneBySentence' | 'serviceOne';
const NAMES: readonly Name[] = ['apy', 'raw', 'rawClients', 'rawTcmalloc', 'service', 'rawOne', 'rawOneBySentence', 'serviceOne'];
const LABELS: Record<Name, string> = {
  apy: 'apertium-apy',
  raw: 'raw chain, system malloc',
  rawClients: 'raw chain (tcmalloc), 8 clients',
  rawTcmalloc: 'raw chain (tcmalloc)',
  service: 'translator',
  rawOne: 'raw chain, one client',
  rawOneBySentence: 'raw chain by sentence, one client',
  serviceOne: 'translator, one client',
};

function show(label: string, result: ClientLoadResult): void {
  const latency = result.p50Ms ? `  p50 ${result.p50Ms} ms  p95 ${result.p95Ms} ms` : '';
  console.log(
    `${label.padEnd(24)} ${result.charsPerSecond.toFixed(0).padStart(7)} chars/s  (${result.chars} chars, ${result.requests} texts in ${result.seconds.toFixed(2)} s)${latency}`,
  );
}

/**
 * Where a measured round's CPU went, per text answered: the Apertium stages (whichever system's), the service's
 * Node process, PostgreSQL, the load generator (wrk or this process) and everything else. Shows what the service
 * adds to the stages' own work, and whether the stages themselves cost more when fed through it.
 */
function cpuPerText(before: ReturnType<typeof snapshotCpu>, requests: number, servicePid: number | undefined): string {
  const groups = cpuBetween(before, snapshotCpu(), (pid, name) => cpuGroup(pid, name, servicePid));
  const total = [...groups.values()].reduce((sum, ms) => sum + ms, 0);
  const part = (group: CpuGroup) => `${group} ${(((groups.get(group) ?? 0) * 1000) / requests).toFixed(0)}`;
  return `  CPU per text, us: ${CPU_GROUPS.map(part).join(', ')}; all ${((total * 1000) / requests).toFixed(0)}`;
}

/** The first `count` texts of `texts` sent in turn, over and over. */
function cyclic(texts: string[], count: number): string[] {
  return Array.from({ length: count }, (_, index) => texts[index % texts.length]!);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const paragraphs = licenseParagraphs();
  console.log(
    `corpus: ${paragraphs.length} paragraphs, ${totalChars(paragraphs)} chars; ${CONCURRENCY} clients; en->es; HTTP load from ${LOADGEN}`,
  );
  if (LOADGEN === 'wrk' && !wrkAvailable())
    throw new Error('wrk is not installed (translator/install-peers.sh installs it; BENCH_LOADGEN=node uses the Node client)');
  let apy: RunningServer | undefined;
  let raw: RawPipeline | undefined;
  let rawTcmalloc: RawPipeline | undefined;
  let service: RunningServer | undefined;
  let serviceError: string | undefined;
  try {
    apy = await startApy(`${resultsDir}apy.log`);
    raw = await startRawPipeline();
    const tcmalloc = resolveStageAllocator('tcmalloc').preload;
    if (tcmalloc) rawTcmalloc = await startRawPipeline({ preload: tcmalloc });
    if (!serviceBuilt()) serviceError = `not built: ${SERVICE_ENTRY} is missing (pnpm --filter ./services/translator build)`;
    else {
      try {
        service = await startTranslator(`${resultsDir}translator.log`);
      } catch (error) {
        serviceError = `did not start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }

    // Each runner loads its system for `forSeconds`. A raw chain takes all its texts at once, so it gets
    // as many as its last run's rate says fit in that time.
    const pipelined = (chain: RawPipeline) => {
      let rate = 0;
      return async (forSeconds: number) => {
        const result = await chain.run(rate > 0 ? workload(paragraphs, rate * forSeconds) : paragraphs);
        rate = result.charsPerSecond;
        return result;
      };
    };
    const nodeClients =
      (send: (text: string) => Promise<void>, concurrency = CONCURRENCY) =>
      (forSeconds: number) =>
        runClients({ texts: paragraphs, concurrency, durationSeconds: forSeconds, send });
    // HTTP systems: wrk sends the paragraphs' bodies in turn; the characters are those of the paragraphs answered.
    const httpClients = (
      url: string,
      body: (text: string) => string,
      headers: Record<string, string>,
      send: (text: string) => Promise<void>,
      concurrency = CONCURRENCY,
    ) => {
      if (LOADGEN === 'node') return nodeClients(send, concurrency);
      const bodies = paragraphs.map(body);
      return async (forSeconds: number): Promise<ClientLoadResult> => {
        const result = await runWrkCycle({ url, connections: concurrency, seconds: forSeconds, bodies, headers });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${url}: ${result.non2xx} answers not 2xx and ${result.errors} errors under wrk`);
        return { ...summarize(cyclic(paragraphs, result.requests), result.seconds), p50Ms: result.p50Ms, p95Ms: result.p95Ms };
      };
    };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // The like-for-like engine: the raw chain with the service's allocator where it is installed.
    const baseline = rawTcmalloc ?? raw;
    const runners: Partial<Record<Name, (forSeconds: number) => Promise<ClientLoadResult>>> = {
      apy: httpClients(`${apy!.url}/translate`, apyBody, form, async (text) => void (await translateWithApy(apy!.url, text))),
      raw: pipelined(raw),
    };
    runners.rawClients = nodeClients(async (text) => void (await baseline.translate(text)));
    if (rawTcmalloc) runners.rawTcmalloc = pipelined(rawTcmalloc);
    runners.rawOne = nodeClients(async (text) => void (await baseline.translate(text)), 1);
    runners.rawOneBySentence = nodeClients(async (text) => void (await baseline.translateBySentence(text)), 1);
    if (service) {
      const serviceUrl = `${service.url}/v2/translate`;
      const auth = { ...form, authorization: `DeepL-Auth-Key ${ADMIN_KEY}` };
      const send = async (text: string) => void (await translateWithService(service!.url, text));
      runners.service = httpClients(serviceUrl, translateBody, auth, send);
      runners.serviceOne = httpClients(serviceUrl, translateBody, auth, send, 1);
    }
    // wrk does not read the answers: every HTTP system is first asked for every paragraph once and checked.
    if (LOADGEN === 'wrk') {
      await runClients({
        texts: paragraphs,
        concurrency: CONCURRENCY,
        send: async (text) => void (await translateWithApy(apy!.url, text)),
      });
      if (service)
        await runClients({
          texts: paragraphs,
          concurrency: CONCURRENCY,
          send: async (text) => void (await translateWithService(service!.url, text)),
        });
    }

    const warmUp = async (label: string, run: (forSeconds: number) => Promise<ClientLoadResult>) => {
      const until = Date.now() + WARMUP_SECONDS * 1000;
      do show(`${label} warm-up`, await run(Math.max(1, (until - Date.now()) / 1000)));
      while (Date.now() < until);
    };
    for (const name of ['apy', 'raw', 'rawTcmalloc', 'service'] as const) if (runners[name]) await warmUp(LABELS[name], runners[name]!);

    console.log(`\neach system and round: ${ROUND_WARMUP_SECONDS} s warm-up, then ${seconds} s measured`);
    const measured = Object.fromEntries(NAMES.map((name) => [name, [] as ClientLoadResult[]])) as Record<Name, ClientLoadResult[]>;
    // Interleaved, so drift on a shared machine hits all of them.
    for (let round = 1; round <= rounds; round += 1) {
      for (const name of NAMES) {
        const run = runners[name];
        if (!run) continue;
        // The same short warm-up right before each measured round: the others' rounds left it idle.
        const until = Date.now() + ROUND_WARMUP_SECONDS * 1000;
        while (Date.now() < until) await run(Math.max(0.5, (until - Date.now()) / 1000));
        const before = snapshotCpu();
        const result = await run(seconds);
        show(`${LABELS[name]} #${round}`, result);
        console.log(cpuPerText(before, result.requests, service?.pid));
        measured[name].push(result);
      }
    }

    const medians = {
      apy: median(measured.apy.map((r) => r.charsPerSecond)),
      raw: median(measured.raw.map((r) => r.charsPerSecond)),
      rawClients: median(measured.rawClients.map((r) => r.charsPerSecond)),
      rawTcmalloc: rawTcmalloc ? median(measured.rawTcmalloc.map((r) => r.charsPerSecond)) : null,
      service: service ? median(measured.service.map((r) => r.charsPerSecond)) : null,
      rawOne: median(measured.rawOne.map((r) => r.charsPerSecond)),
      rawOneBySentence: median(measured.rawOneBySentence.map((r) => r.charsPerSecond)),
      serviceOne: service ? median(measured.serviceOne.map((r) => r.charsPerSecond)) : null,
    };
    const engine = medians.rawTcmalloc ?? medians.raw;
    const ratios = {
      serviceVsApy: medians.service === null ? null : medians.service / medians.apy,
      serviceVsRaw: medians.service === null ? null : medians.service / engine,
      oneClientVsRaw: medians.serviceOne === null ? null : medians.serviceOne / medians.rawOne,
    };
    const pass = {
      serviceVsApy: ratios.serviceVsApy !== null && ratios.serviceVsApy >= TARGETS.serviceVsApy,
      serviceVsRaw: ratios.serviceVsRaw !== null && ratios.serviceVsRaw >= TARGETS.serviceVsRaw,
      oneClientVsRaw: ratios.oneClientVsRaw !== null && ratios.oneClientVsRaw >= TARGETS.oneClientVsRaw,
    };

    console.log(
      `\nmedian chars/s: apertium-apy ${medians.apy.toFixed(0)}, raw chain ${engine.toFixed(0)} (${medians.rawTcmalloc === null ? 'system malloc: tcmalloc is not installed' : 'tcmalloc'}), translator ${medians.service?.toFixed(0) ?? 'n/a'}; one client: raw chain ${medians.rawOne.toFixed(0)}, translator ${medians.serviceOne?.toFixed(0) ?? 'n/a'}`,
    );
    console.log(
      `diagnostic: the same chain with 8 closed-loop clients ${medians.rawClients.toFixed(0)} chars/s = ${(medians.rawClients / engine).toFixed(2)}x of pipelined; translator / it: ${medians.service === null ? 'n/a' : `${(medians.service / medians.rawClients).toFixed(2)}x`}`,
    );
    console.log(
      `diagnostic: one client, the chain fed a sentence per segment ${medians.rawOneBySentence.toFixed(0)} chars/s = ${(medians.rawOneBySentence / medians.rawOne).toFixed(2)}x of the whole text per segment; translator / it: ${medians.serviceOne === null ? 'n/a' : `${(medians.serviceOne / medians.rawOneBySentence).toFixed(2)}x`}`,
    );
    if (medians.rawTcmalloc !== null) {
      console.log(
        `diagnostic: raw chain with the system malloc ${medians.raw.toFixed(0)} chars/s = ${(medians.raw / medians.rawTcmalloc).toFixed(2)}x of tcmalloc; translator / it: ${medians.service === null ? 'n/a' : `${(medians.service / medians.raw).toFixed(2)}x`}`,
      );
    } else console.log('diagnostic: tcmalloc (libtcmalloc-minimal4) is not installed; the service runs its chains with the system malloc');
    if (serviceError) console.log(`translator ${serviceError}`);
    for (const [key, label] of [
      ['serviceVsApy', 'translator / apertium-apy'],
      ['serviceVsRaw', 'translator / raw chain, same allocator, 8 clients'],
      ['oneClientVsRaw', 'translator / raw chain, same allocator, one client'],
    ] as const) {
      const ratio = ratios[key];
      console.log(
        `${label}: ${ratio === null ? 'n/a' : `${ratio.toFixed(2)}x`} (target >= ${TARGETS[key]}x) ${pass[key] ? 'PASS' : 'FAIL'}`,
      );
    }

    writeFileSync(
      `${resultsDir}translator-throughput.json`,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
          corpus: { paragraphs: paragraphs.length, chars: totalChars(paragraphs) },
          concurrency: CONCURRENCY,
          loadGenerator: LOADGEN,
          secondsPerRound: seconds,
          roundWarmupSeconds: ROUND_WARMUP_SECONDS,
          apyArgs: process.env.BENCH_APY_ARGS ?? '',
          rounds: measured,
          medianCharsPerSecond: medians,
          ratios,
          targets: TARGETS,
          pass,
          serviceError: serviceError ?? null,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`raw numbers: ${resultsDir}translator-throughput.json`);
    process.exitCode = pass.serviceVsApy && pass.serviceVsRaw && pass.oneClientVsRaw ? 0 : 1;
  } finally {
    await Promise.all([apy?.stop(), raw?.close(), rawTcmalloc?.close(), service?.stop()]);
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
