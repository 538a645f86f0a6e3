// Source-language detection for requests without source_lang, limited to the languages the engine
// can translate from, and made for short strings (UI labels, chat lines). Each candidate gets a score
// from up to four signals, and the best-scoring candidate is the answer:
// - character n-grams: eld/medium, restricted to the candidates, its score scaled to the best one (0-1);
// - known words (detectWithDictionaries only): the share of the text's words the candidate's Apertium
//   analyser knows (0-1), see word-analysers.ts; a candidate without an analyser gets the share of
//   words that no analyser knows;
// - a vote of cld3 (0.2 to the language it names; detectWithDictionaries only), a second model
//   trained on other text than eld's, loaded (about 1 s of WebAssembly) at the first such detection;
// - the key's recent detections (recent-languages.ts), up to 0.3 for a language the key always sends;
// When the best is Croatian, Serbian or Bosnian, the variant the words point to (serbo-croatian-variant.ts:
// ekavian or ijekavian forms, the everyday words that differ, Cyrillic) decides among those three, which
// n-grams and the shared analyser cannot tell apart; it never moves a text into that group (Slovenian is
// ekavian too).
// `context` (the request's text about the text) is read along with it. The weights and the choice of
// signals are measured in bench/translator/detector-comparison.ts on bench/translator/detector-corpus.txt.
import { loadModule } from 'cld3-asm';
import { eld } from 'eld/medium';
import { eldCodesOf } from './detector-codes.js';
import { textForDetection } from './detection-text.js';
import { RecentLanguages } from './recent-languages.js';
import { serboCroatianVariant } from './serbo-croatian-variant.js';
import type { WordAnalysers } from './word-analysers.js';

export interface DetectionHints {
  /** Text the request gives about its texts (DeepL's `context`): more words to detect from. */
  context?: string;
  /** The API key asking: its recent languages weigh in, and the answer joins them. */
  key?: string;
}

export interface LanguageDetector {
  /** One of `candidates`, or undefined when the text gives no usable signal. N-grams and history only. */
  detect(text: string, candidates: readonly string[], hints?: DetectionHints): string | undefined;
  /** As `detect`, plus the candidates' known-word rates (Apertium analysers) and cld3's vote. */
  detectWithDictionaries(text: string, candidates: readonly string[], hints?: DetectionHints): Promise<string | undefined>;
  /** Stops the analyser processes. */
  close(): void;
}

export interface LanguageDetectorOptions {
  /** Known-word rates; without them `detectWithDictionaries` is `detect`. */
  analysers?: WordAnalysers;
  /** The per-key memory of recent detections; a new bounded one by default. */
  recent?: RecentLanguages;
}

const WEIGHTS = { ngrams: 1, words: 1, cld3: 0.2, history: 0.3 };
// A candidate scored through a relative (AF through NL) loses a tie to that relative itself.
const RELATIVE_FACTOR = 0.999;
// The analysers read at most this much of a text: enough words to count, cheap for a long text.
const WORD_CHECK_LENGTH = 400;
// Candidate lists come from the catalog, one per target language; the bound only guards against
// a caller that builds a new list per request.
const MAX_CANDIDATE_LISTS = 256;

type NgramScores = (text: string) => Map<string, number>;

/** eld restricted to the candidates' codes: per candidate its score over the best one (0-1). */
function ngramScorer(candidates: readonly string[]): NgramScores {
  const codes = new Map(candidates.map((candidate) => [candidate, eldCodesOf(candidate)]));
  const subset = [...new Set([...codes.values()].flatMap(({ own, relatives }) => (own ? [own] : relatives)))];
  const detector = eld.newInstance();
  // An empty subset would make eld fall back to all its languages.
  if (subset.length > 0) detector.setLanguageSubset(subset);
  return (text) => {
    const scores = subset.length > 0 ? (detector.detect(text).getScores() as Record<string, number>) : {};
    const best = Math.max(0, ...Object.values(scores));
    const result = new Map<string, number>();
    for (const [candidate, { own, relatives }] of codes) {
      const raw = own ? (scores[own] ?? 0) : RELATIVE_FACTOR * Math.max(0, ...relatives.map((code) => scores[code] ?? 0));
      result.set(candidate, best > 0 ? raw / best : 0);
    }
    return result;
  };
}

type Cld3 = (text: string) => string | undefined;

// One cld3 model per process, loaded at the first detection that asks for it; a failed load leaves
// the other signals to answer.
let cld3Loading: Promise<Cld3 | undefined> | undefined;
function loadCld3(): Promise<Cld3 | undefined> {
  cld3Loading ??= loadModule()
    .then((factory): Cld3 => {
      const identifier = factory.create(0, 1000);
      return (text) => identifier.findLanguage(text).language;
    })
    .catch(() => undefined);
  return cld3Loading;
}

const cld3Code = (candidate: string): string => (candidate.toUpperCase() === 'NB' ? 'no' : candidate.toLowerCase());
// cld3 tells Croatian, Serbian and Bosnian in Latin script apart no better than chance (bench: 24% of
// Croatian sentences right), and one analyser checks all three: its vote for any counts for each.
const SERBO_CROATIAN = new Set(['hr', 'sr', 'bs']);
const cld3Votes = (voted: string | undefined, candidate: string): boolean =>
  voted !== undefined && (voted === cld3Code(candidate) || (SERBO_CROATIAN.has(voted) && SERBO_CROATIAN.has(cld3Code(candidate))));

/** Within Croatian, Serbian and Bosnian, the candidate the text's variant names, if it is one; else `best`. */
function withinSerboCroatian(best: string, words: string, candidates: readonly string[]): string {
  if (!SERBO_CROATIAN.has(best.toLowerCase())) return best;
  const variant = serboCroatianVariant(words);
  // Ijekavian text is Croatian or Bosnian (n-grams choose between those); ekavian or Cyrillic text is Serbian.
  const named = variant === 'SR' ? 'sr' : variant === 'HR' && best.toLowerCase() === 'sr' ? 'hr' : undefined;
  return candidates.find((candidate) => candidate.toLowerCase() === named) ?? best;
}

export function createLanguageDetector({ analysers, recent = new RecentLanguages() }: LanguageDetectorOptions = {}): LanguageDetector {
  const scorers = new Map<string, NgramScores>();

  function scorerFor(candidates: readonly string[]): NgramScores {
    const key = candidates.join(',');
    let scorer = scorers.get(key);
    if (!scorer) {
      if (scorers.size >= MAX_CANDIDATE_LISTS) scorers.clear();
      scorers.set(key, (scorer = ngramScorer(candidates)));
    }
    return scorer;
  }

  function choose(words: string, candidates: readonly string[], hints: DetectionHints, rates?: Map<string, number>, cld3?: Cld3): string {
    const ngrams = scorerFor(candidates)(words);
    const voted = cld3?.(words);
    const history = hints.key === undefined ? undefined : recent.shares(hints.key);
    // Words no covered dictionary knows ("Protonenstrahl" among EN, NL and DE with no German
    // analyser) count for the candidates that have none.
    const unknownToAll = rates && rates.size > 0 ? 1 - Math.max(...rates.values()) : 0;
    let best = candidates[0]!;
    let bestScore = -Infinity;
    for (const candidate of candidates) {
      const score =
        WEIGHTS.ngrams * (ngrams.get(candidate) ?? 0) +
        WEIGHTS.words * (rates ? (rates.get(candidate) ?? unknownToAll) : 0) +
        (cld3Votes(voted, candidate) ? WEIGHTS.cld3 : 0) +
        WEIGHTS.history * (history?.get(candidate) ?? 0);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    return withinSerboCroatian(best, words, candidates);
  }

  const wordsOf = (text: string, hints: DetectionHints): string | undefined =>
    textForDetection(hints.context ? `${text}\n${hints.context}` : text);

  function remember(hints: DetectionHints, answer: string): string {
    if (hints.key !== undefined) recent.record(hints.key, answer);
    return answer;
  }

  return {
    detect(text, candidates, hints = {}) {
      const words = wordsOf(text, hints);
      if (words === undefined || candidates.length === 0) return undefined;
      return remember(hints, choose(words, candidates, hints));
    },
    async detectWithDictionaries(text, candidates, hints = {}) {
      const words = wordsOf(text, hints);
      if (words === undefined || candidates.length === 0) return undefined;
      if (candidates.length === 1) return remember(hints, candidates[0]!);
      const [rates, cld3] = await Promise.all([analysers?.knownWordRates(words.slice(0, WORD_CHECK_LENGTH), candidates), loadCld3()]);
      return remember(hints, choose(words, candidates, hints, rates, cld3));
    },
    close() {
      analysers?.close();
    },
  };
}
