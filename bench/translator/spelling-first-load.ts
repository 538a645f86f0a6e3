// The first request of each spelling language: how long until its first answer (the dictionary is built in
// its worker thread, then the text is corrected), and the event loop's longest delay meanwhile. For the
// languages nspell reads, the same figures for building it on the event loop, as the writer did before.
// Run: pnpm --filter @workspace/bench translator:spelling-first-load (tsx, no build needed).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { OfflineWriter } from '@workspace/translator/write/offline-writer';
import { SPELLING_SOURCES, SpellingDictionaries } from '@workspace/translator/write/spelling-dictionaries';

const require = createRequire(new URL('../../services/translator/package.json', import.meta.url));
const nspell = require('nspell') as (dictionary: { aff: Buffer; dic: Buffer }) => unknown;

// One sentence per language with one slip in it.
const SAMPLES: Record<string, string> = {
  EN: 'We finished the wrok yesterday.',
  ES: 'Terminamos el trabjo ayer.',
  DE: 'Wir haben die Arbeit gestern beendet und das Hasu verlassen.',
  NL: 'We hebben het werk gisteren afgerond in het huiss.',
  SV: 'Vi avslutade arbetet igår i husett.',
  DA: 'Vi afsluttede arbejdet i gaar i husett.',
  RO: 'Am terminat munca ieri în casaa.',
  MK: 'Ја завршивме работата вчера.',
  FR: 'Nous avons fini le travial hier.',
  IT: 'Abbiamo finito il lavoor ieri.',
  PT: 'Terminámos o trabalo ontem.',
  CA: 'Vam acabar la feinaa ahir.',
  EU: 'Atzo lana amaitu genuen etxeaa.',
};

interface Row {
  language: string;
  engine: string;
  firstAnswerMs: number;
  loopMaxMs: number;
  answer: string;
  beforeMs?: number;
  /** The loop's max delay over as long a time with nothing loading (what the machine alone does). */
  idleMaxMs?: number;
}

async function threaded(language: string): Promise<Row> {
  const dictionaries = new SpellingDictionaries([language], { waitMs: 600_000 });
  const writer = new OfflineWriter(dictionaries);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  await writer.prepare([language]);
  const answer = writer.improve(SAMPLES[language]!, { language });
  const firstAnswerMs = performance.now() - started;
  delay.disable();
  await dictionaries.close();
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, firstAnswerMs));
  idle.disable();
  const engine = SPELLING_SOURCES[language]!.engine;
  return { language, engine, firstAnswerMs, loopMaxMs: delay.max / 1e6, answer, idleMaxMs: idle.max / 1e6 };
}

/** nspell built on the event loop, as before: the loop is held for all of it. */
function onTheLoop(language: string): number {
  const directory = dirname(require.resolve(SPELLING_SOURCES[language]!.dictionary));
  const started = performance.now();
  nspell({ aff: readFileSync(join(directory, 'index.aff')), dic: readFileSync(join(directory, 'index.dic')) });
  return performance.now() - started;
}

const languages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(SPELLING_SOURCES);
const rows: Row[] = [];
for (const language of languages) {
  const row = await threaded(language);
  if (row.engine === 'nspell') row.beforeMs = onTheLoop(language);
  rows.push(row);
  console.error(language, Math.round(row.firstAnswerMs), row.loopMaxMs.toFixed(1), row.answer);
}
const ms = (value: number | undefined) => (value === undefined ? 'could not load' : `${Math.round(value)} ms`);
console.log(
  `load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}\n`,
);
console.log(
  '| language | speller | first answer (build in thread + correction) | event-loop max delay meanwhile | same, idle loop for as long | before: built on the event loop (loop held) | answer |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.language} | ${row.engine} | ${ms(row.firstAnswerMs)} | ${row.loopMaxMs.toFixed(1)} ms | ${row.idleMaxMs?.toFixed(1)} ms | ${ms(row.beforeMs)} | ${row.answer} |`,
  );
}
