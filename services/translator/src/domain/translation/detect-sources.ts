import type { LanguageDetector } from '../../languages/detect-language.js';
import type { LanguageCatalog } from '../languages/language-catalog.js';

/** English when it is a candidate (DeepL's own fallback), else the first candidate. */
function fallback(candidates: string[]): string {
  return candidates.includes('EN') ? 'EN' : candidates[0]!;
}

// The source of each text, among the languages that can reach the target. A text with no usable
// signal (empty, digits) borrows the language detected for the others, else the fallback.
export function detectSources(detector: LanguageDetector, catalog: LanguageCatalog, texts: string[], target: string): string[] {
  const candidates = catalog.sourcesFor(target);
  const detected = texts.map((text) => detector.detect(text, candidates));
  const known = detected.find((code) => code !== undefined) ?? fallback(candidates);
  return detected.map((code) => code ?? known);
}
