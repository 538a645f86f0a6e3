// Figure (issue 31): POST /v2/write/rephrase on seeded typos, through the running service (its build,
// default engine, offline writer). 250 English and 250 Spanish sentences are written by write-corpus.ts;
// each gets one typo at a known word (two letters swapped, a letter dropped or doubled, or the word
// repeated). Reported: the share of seeded typos fixed (target at least 80%), the share of the other
// words changed (target at most 1%), and whether the correct sentences come back byte for byte.
// Run: pnpm build && pnpm bench:translator:write   (BENCH_DATABASE_SERVER_URL as for the other figures)
import { fileURLToPath } from 'node:url';
import { SpellingDictionaries } from '@workspace/translator/write/spelling-dictionaries';
import type { RunningServer } from '../lib/processes.js';
import { ADMIN_KEY, SERVICE_ENTRY, serviceBuilt, startTranslator } from './service.js';
import { type SeededSentence, type Slip, seededRandom, seedTypo, sentences } from './write-corpus.js';

const PER_LANGUAGE = Number(process.env.BENCH_SENTENCES ?? 250);
const TEXTS_PER_REQUEST = 25;
const TARGET = { EN: 'en-US', ES: 'es' } as const;
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

async function rephrase(url: string, texts: string[], targetLang: string): Promise<string[]> {
  const body = new URLSearchParams([['target_lang', targetLang], ...texts.map((text) => ['text', text])]);
  const response = await fetch(`${url}/v2/write/rephrase`, {
    method: 'POST',
    headers: { authorization: `DeepL-Auth-Key ${ADMIN_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const answer = (await response.json()) as { improvements?: Array<{ text: string }> };
  if (response.status !== 200 || answer.improvements?.length !== texts.length) {
    throw new Error(`rephrase answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return answer.improvements.map((item) => item.text);
}

async function rephraseAll(url: string, texts: string[], targetLang: string): Promise<string[]> {
  const results: string[] = [];
  for (let start = 0; start < texts.length; start += TEXTS_PER_REQUEST) {
    results.push(...(await rephrase(url, texts.slice(start, start + TEXTS_PER_REQUEST), targetLang)));
  }
  return results;
}

/** Pairs [original index, output index] of a longest common subsequence of the two word lists. */
function alignWords(original: string[], output: string[]): Map<number, number> {
  const lengths = Array.from({ length: original.length + 1 }, () => new Array<number>(output.length + 1).fill(0));
  for (let i = original.length - 1; i >= 0; i -= 1) {
    for (let j = output.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = original[i] === output[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs = new Map<number, number>();
  let [i, j] = [0, 0];
  while (i < original.length && j < output.length) {
    if (original[i] === output[j]) pairs.set(i++, j++);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

interface Score {
  fixed: boolean;
  untouched: number;
  untouchedChanged: number;
}

/** The seeded word is fixed when it comes back as written, with nothing left or added next to it. */
function score(sentence: SeededSentence, output: string): Score {
  const original = sentence.original.split(' ');
  const words = output.split(' ');
  const pairs = alignWords(original, words);
  const at = pairs.get(sentence.wordIndex);
  const matchedBefore = sentence.wordIndex === 0 ? at === 0 : pairs.get(sentence.wordIndex - 1) === (at ?? -2) - 1;
  const matchedAfter =
    sentence.wordIndex === original.length - 1 ? at === words.length - 1 : pairs.get(sentence.wordIndex + 1) === (at ?? -2) + 1;
  const untouched = original.length - 1;
  const untouchedChanged = original.filter((_, index) => index !== sentence.wordIndex && !pairs.has(index)).length;
  return { fixed: at !== undefined && matchedBefore && matchedAfter, untouched, untouchedChanged };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error(`${SERVICE_ENTRY} is missing: run pnpm build first`);
  const dictionaries = new SpellingDictionaries(['EN', 'ES']);
  let service: RunningServer | undefined;
  try {
    service = await startTranslator(`${resultsDir}translator-write.log`);
    const rows: string[] = [];
    let allFixed = 0;
    let allSeeded = 0;
    let allUntouched = 0;
    let allChanged = 0;
    let allIdentical = 0;
    let allClean = 0;
    for (const language of ['EN', 'ES'] as const) {
      const dictionary = (await dictionaries.load(language))!;
      const random = seededRandom(language === 'EN' ? 31 : 131);
      const seeded = sentences(language, PER_LANGUAGE, random).map((sentence) =>
        seedTypo(language, sentence, random, (word) => dictionary.knows(word)),
      );
      const started = performance.now();
      const corrected = await rephraseAll(
        service.url,
        seeded.map((sentence) => sentence.corrupted),
        TARGET[language],
      );
      const seconds = (performance.now() - started) / 1000;
      const clean = await rephraseAll(
        service.url,
        seeded.map((sentence) => sentence.original),
        TARGET[language],
      );
      const scores = seeded.map((sentence, index) => score(sentence, corrected[index]!));
      const bySlip = new Map<Slip, { fixed: number; seeded: number }>();
      seeded.forEach((sentence, index) => {
        const entry = bySlip.get(sentence.slip) ?? { fixed: 0, seeded: 0 };
        entry.seeded += 1;
        if (scores[index]!.fixed) entry.fixed += 1;
        bySlip.set(sentence.slip, entry);
      });
      const fixed = scores.filter((item) => item.fixed).length;
      const untouched = scores.reduce((sum, item) => sum + item.untouched, 0);
      const changed = scores.reduce((sum, item) => sum + item.untouchedChanged, 0);
      const identical = clean.filter((text, index) => text === seeded[index]!.original).length;
      allFixed += fixed;
      allSeeded += seeded.length;
      allUntouched += untouched;
      allChanged += changed;
      allIdentical += identical;
      allClean += seeded.length;
      const slips = [...bySlip].map(([slip, entry]) => `${slip} ${entry.fixed}/${entry.seeded}`).join(', ');
      rows.push(
        `| ${language} | ${seeded.length} | ${fixed} (${percent(fixed, seeded.length)}) | ${slips} | ${changed}/${untouched} (${percent(changed, untouched)}) | ${identical}/${seeded.length} | ${seconds.toFixed(2)} s |`,
      );
      for (const [index, sentence] of seeded.entries()) {
        if (!scores[index]!.fixed && process.env.BENCH_VERBOSE)
          console.log(`not fixed (${sentence.slip}): ${sentence.corrupted} -> ${corrected[index]}`);
      }
    }
    console.log(
      '| language | sentences | seeded typos fixed | by slip | other words changed | correct sentences byte-identical | time (typo run) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    const fixedShare = allFixed / allSeeded;
    const changedShare = allChanged / allUntouched;
    console.log(
      `\nall: ${percent(allFixed, allSeeded)} of seeded typos fixed (target at least 80%: ${fixedShare >= 0.8 ? 'reached' : 'NOT reached'}), ` +
        `${percent(allChanged, allUntouched)} of other words changed (target at most 1%: ${changedShare <= 0.01 ? 'reached' : 'NOT reached'}), ` +
        `${allIdentical}/${allClean} correct sentences byte-identical`,
    );
    if (fixedShare < 0.8 || changedShare > 0.01 || allIdentical !== allClean) process.exitCode = 1;
  } finally {
    await service?.stop();
    await dictionaries.close();
  }
}

await main();
