// Source-language detection for requests without source_lang, limited to the languages the
// engine can translate from. eld/medium: see bench/translator/detector-comparison.ts for the
// comparison with franc, franc-min and tinyld, and for why not eld's smaller or larger database.
import { eld } from 'eld/medium';
import { eldCodesFor } from './detector-codes.js';
import { textForDetection } from './detection-text.js';

export interface LanguageDetector {
  /** One of `candidates` (DeepL base codes), or undefined when the text gives no usable signal. */
  detect(text: string, candidates: readonly string[]): string | undefined;
}

type Detect = (text: string) => string | undefined;

// Candidate lists come from the catalog, one per target language; the bound only guards against
// a caller that builds a new list per request.
const MAX_CANDIDATE_LISTS = 256;

/** An eld instance that scores only the candidates' codes, answering in the candidates' own spelling. */
function restrictedDetector(candidates: readonly string[]): Detect | undefined {
  const answers = eldCodesFor(candidates);
  // An empty subset would make eld fall back to all its languages.
  if (answers.size === 0) return undefined;
  const detector = eld.newInstance();
  detector.setLanguageSubset([...answers.keys()]);
  // The best-scoring candidate even when eld calls it unreliable: callers prefer a guess to a default.
  return (text) => answers.get(detector.detect(text).language);
}

export function createLanguageDetector(): LanguageDetector {
  const byCandidates = new Map<string, Detect | undefined>();

  function detectorFor(candidates: readonly string[]): Detect | undefined {
    const key = candidates.join(',');
    if (!byCandidates.has(key)) {
      if (byCandidates.size >= MAX_CANDIDATE_LISTS) byCandidates.clear();
      byCandidates.set(key, restrictedDetector(candidates));
    }
    return byCandidates.get(key);
  }

  return {
    detect(text, candidates) {
      const words = textForDetection(text);
      return words === undefined ? undefined : detectorFor(candidates)?.(words);
    },
  };
}
