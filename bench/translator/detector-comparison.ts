// Which npm language detector should the translator use when a client omits source_lang?
// Accuracy on our own source languages, each detector restricted to them the way the service
// restricts it, plus time per detect call and what loading the detector costs.
// Run: cd bench && npx tsx translator/detector-comparison.ts   (BENCH_REPEATS, default 20)
import { performance } from 'node:perf_hooks';
import { loadContenders, type Contender } from './detector-contenders.js';
import { SAMPLES } from './detector-samples.js';

const repeats = Number(process.env.BENCH_REPEATS ?? 20);
const CANDIDATES = Object.keys(SAMPLES);
// The languages the service is asked for most and its tests pin down: coverage of these first.
const CORE = ['EN', 'ES', 'CA', 'PT', 'FR', 'IT', 'RU', 'UK'];
// Every translator process keeps the detector's model next to its warm Apertium pipelines.
const HEAP_BUDGET_MB = 100;

type Kind = 'short' | 'long' | 'pair' | 'greeting';
interface Sample {
  language: string;
  text: string;
  kind: Kind;
}

const LENGTH_BANDS: Partial<Record<Kind, [number, number]>> = { short: [20, 60], long: [200, Infinity], greeting: [1, 19] };

/** Two-word pieces of the sentences: the UI-string sized texts where detectors part ways. */
function wordPairs(language: string, texts: string[]): Sample[] {
  return texts.flatMap((text) => {
    const words = text
      .replace(/[.,;:!?¿¡]/g, '')
      .split(/\s+/)
      .filter(Boolean);
    const pairs: Sample[] = [];
    for (let i = 0; i + 1 < words.length; i += 2) pairs.push({ language, text: `${words[i]} ${words[i + 1]}`, kind: 'pair' });
    return pairs;
  });
}

function labelledSamples(): Sample[] {
  return Object.entries(SAMPLES).flatMap(([language, { short, long, tiny }]) => [
    ...short.map((text) => ({ language, text, kind: 'short' as const })),
    ...long.map((text) => ({ language, text, kind: 'long' as const })),
    ...tiny.map((text) => ({ language, text, kind: 'greeting' as const })),
    ...wordPairs(language, [...short, ...long]),
  ]);
}

function assertSampleShape(samples: Sample[]): void {
  const misfit = samples.find(({ text, kind }) => {
    const band = LENGTH_BANDS[kind];
    return band !== undefined && (text.length < band[0] || text.length > band[1]);
  });
  if (misfit) throw new Error(`sample outside its length band: ${misfit.language} ${misfit.kind}: ${misfit.text}`);
}

/** The accuracy the brief asks for: sentences and paragraphs; fragments are reported apart. */
const isGraded = (sample: Sample): boolean => sample.kind === 'short' || sample.kind === 'long';

interface Score {
  contender: Contender;
  results: Array<{ sample: Sample; hit: boolean }>;
  misses: Map<string, string[]>;
  microsPerCall: number;
}

function timePerCall(contender: Contender, texts: string[]): number {
  for (const text of texts) contender.detect(text); // warm-up
  const start = performance.now();
  for (let round = 0; round < repeats; round++) for (const text of texts) contender.detect(text);
  return ((performance.now() - start) * 1000) / (repeats * texts.length);
}

function score(contender: Contender, samples: Sample[]): Score {
  const misses = new Map<string, string[]>();
  const results = samples.map((sample) => {
    const detected = contender.detect(sample.text);
    const hit = detected === sample.language;
    if (!hit && isGraded(sample)) misses.set(sample.language, [...(misses.get(sample.language) ?? []), detected ?? '-']);
    return { sample, hit };
  });
  const microsPerCall = timePerCall(
    contender,
    samples.filter(isGraded).map((sample) => sample.text),
  );
  return { contender, results, misses, microsPerCall };
}

/** Share of the samples passing `which` that the detector got right. */
function accuracy(score: Score, which: (sample: Sample) => boolean): number {
  const chosen = score.results.filter(({ sample }) => which(sample));
  return chosen.filter(({ hit }) => hit).length / chosen.length;
}

const overall = (s: Score) => accuracy(s, isGraded);
const core = (s: Score) => accuracy(s, (sample) => isGraded(sample) && CORE.includes(sample.language));
const ownLanguages = (s: Score) => accuracy(s, (sample) => isGraded(sample) && s.contender.supported.includes(sample.language));
const ofKind = (kind: Kind) => (s: Score) => accuracy(s, (sample) => sample.kind === kind);
const fragments = (s: Score) => accuracy(s, (sample) => !isGraded(sample));

const percent = (share: number): string => `${(100 * share).toFixed(1)}%`;

function printTable(scores: Score[]): void {
  const rows = scores.map((s) => [
    `${s.contender.name}@${s.contender.version}`,
    `${s.contender.supported.length}/${CANDIDATES.length}`,
    percent(overall(s)),
    percent(ofKind('short')(s)),
    percent(ofKind('long')(s)),
    percent(core(s)),
    percent(ownLanguages(s)),
    percent(ofKind('pair')(s)),
    percent(ofKind('greeting')(s)),
    `${s.microsPerCall.toFixed(1)} µs`,
    `${s.contender.loadMs.toFixed(0)} ms`,
    `${s.contender.heapMb.toFixed(0)} MB`,
  ]);
  const header = [
    'detector',
    'languages',
    'accuracy',
    'short 20-60',
    'long 200+',
    `core ${CORE.length}`,
    'own languages',
    'word pairs',
    'greetings',
    'time/call',
    'import',
    'heap',
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

function printMisses(scores: Score[]): void {
  console.log('\nMisses on sentences and paragraphs (expected: detected answers; - is no answer)');
  for (const { contender, misses } of scores) {
    const unsupported = CANDIDATES.filter((code) => !contender.supported.includes(code));
    const listed = [...misses].map(([language, answers]) => `${language}: ${answers.join(',')}`).join('; ');
    console.log(`  ${contender.name} (lacks ${unsupported.join(', ') || 'none'}): ${listed || 'none'}`);
  }
}

// Within the heap budget: core languages first, then all of ours, then fragments; time breaks ties.
function choose(scores: Score[]): Score | undefined {
  return scores
    .filter((s) => s.contender.heapMb <= HEAP_BUDGET_MB)
    .sort((a, b) => core(b) - core(a) || overall(b) - overall(a) || fragments(b) - fragments(a) || a.microsPerCall - b.microsPerCall)[0];
}

const samples = labelledSamples();
assertSampleShape(samples);
const scores = (await loadContenders(CANDIDATES)).map((contender) => score(contender, samples));
const count = (kind: Kind) => samples.filter((sample) => sample.kind === kind).length;
console.log(
  `${count('short')} sentences, ${count('long')} paragraphs, ${count('pair')} word pairs, ${count('greeting')} greetings;`,
  `${CANDIDATES.length} candidate languages; accuracy = sentences + paragraphs; time/call over ${repeats} rounds of those\n`,
);
printTable(scores);
printMisses(scores);
const chosen = choose(scores);
console.log(
  `\nChoice (heap <= ${HEAP_BUDGET_MB} MB; core ${CORE.join(' ')}, then accuracy, then fragments, then time):`,
  chosen ? `${chosen.contender.name}@${chosen.contender.version}` : 'none within budget',
);
