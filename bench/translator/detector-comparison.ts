// Which source-language detector for short strings? Every npm contender, restricted to the candidate
// languages the way the service would restrict it, and the service's own detector, on the labelled
// corpus of detector-corpus.txt (UI labels, product names, chat lines, sentences written for this bench).
// Accuracy per length band and per language, and time per detection.
// Run: pnpm bench:translator:detection   (after `pnpm --filter @workspace/translator build`)
//   DETECTION_LANGUAGES=EN,ES,...  candidates and corpus blocks (default: every language of the corpus)
//   DETECTION_EXTRA_CANDIDATES=OC,AN,...  more candidates without samples (served languages the corpus lacks)
//   BENCH_REPEATS=3                rounds of the corpus for the time per detection
import { performance } from 'node:perf_hooks';
import type { LanguageDetector } from '@workspace/translator/languages/detect-language';
import { type Contender, loadContenders } from './detector-contenders.js';
import { type Band, type CorpusSample, loadCorpus } from './detector-corpus.js';

const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const MODES_DIR = process.env.APERTIUM_MODES_DIR ?? '/usr/share/apertium/modes';
const GRADED: Band[] = ['5-19', '20+'];
const TARGET: Record<string, number> = { '5-19': 0.85, '20+': 0.95 };

const corpus = loadCorpus();
const languages = process.env.DETECTION_LANGUAGES?.split(',') ?? [...new Set(corpus.map((sample) => sample.language))];
const samples = corpus.filter((sample) => languages.includes(sample.language) && GRADED.includes(sample.band));
// The languages a detector may answer: the corpus's, plus any served language the corpus has no block for.
const candidates = [...new Set([...languages, ...(process.env.DETECTION_EXTRA_CANDIDATES?.split(',') ?? [])])];

/** A detector as the bench runs it: one sample in, one DeepL code (or nothing) out. */
interface Runner {
  name: string;
  note: string;
  detect(sample: CorpusSample): Promise<string | undefined> | string | undefined;
}

interface Score {
  runner: Runner;
  hits: Map<CorpusSample, boolean>;
  answers: Map<CorpusSample, string | undefined>;
  microsPerDetection: number;
}

async function score(runner: Runner): Promise<Score> {
  const hits = new Map<CorpusSample, boolean>();
  const answers = new Map<CorpusSample, string | undefined>();
  for (const sample of samples) {
    const answer = await runner.detect(sample);
    answers.set(sample, answer);
    hits.set(sample, answer !== undefined && sample.accepted.includes(answer));
  }
  const start = performance.now();
  for (let round = 0; round < repeats; round++) for (const sample of samples) await runner.detect(sample);
  return { runner, hits, answers, microsPerDetection: ((performance.now() - start) * 1000) / (repeats * samples.length) };
}

function accuracy(score: Score, which: (sample: CorpusSample) => boolean): number {
  const chosen = samples.filter(which);
  return chosen.filter((sample) => score.hits.get(sample)).length / chosen.length;
}

const percent = (share: number): string => `${(100 * share).toFixed(1)}%`;

function table(header: string[], rows: string[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

function fromContender(contender: Contender): Runner {
  return {
    name: `${contender.name}@${contender.version}`,
    note: `${contender.supported.length}/${candidates.length} languages, import ${contender.loadMs.toFixed(0)} ms, heap ${contender.heapMb.toFixed(0)} MB`,
    detect: (sample) => contender.detect(sample.text),
  };
}

// Imported after the contenders, so that eld's import cost is measured on the contender's own import.
async function serviceRunners(): Promise<{ runners: Runner[]; detectors: LanguageDetector[] }> {
  const { createLanguageDetector } = await import('@workspace/translator/languages/detect-language');
  const { createWordAnalysers } = await import('@workspace/translator/languages/word-analysers');
  const plain = createLanguageDetector();
  const checked = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: MODES_DIR }) });
  // One key per language that sends that language's block in corpus order: the history it builds is
  // the detector's own earlier answers, wrong ones included, never the labels.
  const remembering = createLanguageDetector({ analysers: createWordAnalysers({ modesDir: MODES_DIR }) });
  return {
    detectors: [plain, checked, remembering],
    runners: [
      {
        name: 'service: detect',
        note: 'eld/medium n-grams with stand-ins for the languages eld lacks (the sync path: /v2/write)',
        detect: (sample) => plain.detect(sample.text, candidates),
      },
      {
        name: 'service: detectWithDictionaries',
        note: '+ known-word rate of the Apertium analysers + cld3 vote (/v2/translate, documents)',
        detect: (sample) => checked.detectWithDictionaries(sample.text, candidates),
      },
      {
        name: 'service: detectWithDictionaries + key history',
        note: 'the same, each language sent by one key in corpus order',
        detect: (sample) => remembering.detectWithDictionaries(sample.text, candidates, { key: `bench-${sample.language}` }),
      },
    ],
  };
}

const contenders = await loadContenders(candidates);
const service = await serviceRunners();
const runners = [...contenders.map(fromContender), ...service.runners];
const scores: Score[] = [];
for (const runner of runners) scores.push(await score(runner));

const count = (band: Band) => samples.filter((sample) => sample.band === band).length;
const shared = samples.filter((sample) => sample.accepted.length > 1).length;
console.log(
  `${new Date().toISOString().slice(0, 10)}: ${samples.length} samples in ${languages.length} languages, ${candidates.length} candidates (${count('5-19')} of 5-19 characters,`,
  `${count('20+')} of 20+; ${shared} are the same text in two languages, where either answer counts); time over ${repeats} rounds\n`,
);
table(
  ['detector', '5-19 chars', '20+ chars', 'time/detection', 'notes'],
  scores.map((s) => [
    s.runner.name,
    percent(accuracy(s, (sample) => sample.band === '5-19')),
    percent(accuracy(s, (sample) => sample.band === '20+')),
    `${(s.microsPerDetection / 1000).toFixed(2)} ms`,
    s.runner.note,
  ]),
);

console.log('\nPer language, 5-19 / 20+ characters:\n');
const shown = scores.filter(
  (s) => s.runner.name.startsWith('service') || s.runner.name.startsWith('eld/medium') || s.runner.name.startsWith('cld3'),
);
table(
  ['language', ...shown.map((s) => s.runner.name)],
  languages.map((language) => [
    language,
    ...shown.map((s) =>
      GRADED.map((band) => percent(accuracy(s, (sample) => sample.language === language && sample.band === band))).join(' / '),
    ),
  ]),
);

const chosen = scores.find((s) => s.runner.name === 'service: detectWithDictionaries')!;
const verdict = GRADED.map((band) => {
  const share = accuracy(chosen, (sample) => sample.band === band);
  return `${band}: ${percent(share)} (target ${percent(TARGET[band]!)}) ${share >= TARGET[band]! ? 'met' : 'NOT met'}`;
});
console.log(`\nService without history: ${verdict.join('; ')}`);
// One Apertium pair (hbs) translates HR, SR and BS alike, and one analyser checks them: Latin-script
// Serbian answered HR still gets the same translation. The figure with the three counted as one:
const SERBO_CROATIAN = ['HR', 'SR', 'BS'];
if (languages.some((language) => SERBO_CROATIAN.includes(language))) {
  const asOne = (sample: CorpusSample): boolean => {
    const answer = chosen.answers.get(sample);
    return (
      chosen.hits.get(sample)! || (SERBO_CROATIAN.includes(sample.language) && answer !== undefined && SERBO_CROATIAN.includes(answer))
    );
  };
  const shares = GRADED.map((band) => {
    const inBand = samples.filter((sample) => sample.band === band);
    return `${band}: ${percent(inBand.filter(asOne).length / inBand.length)}`;
  });
  console.log(`Service without history, HR, SR and BS counted as one: ${shares.join('; ')}`);
}
for (const detector of service.detectors) detector.close();
