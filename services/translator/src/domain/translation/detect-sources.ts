import type { LanguageDetector } from '../../languages/detect-language.js';
import type { LanguageCatalog } from '../languages/language-catalog.js';

/** English when it is a candidate (DeepL's own fallback), else the first candidate. */
function fallback(candidates: string[]): string {
  return candidates.includes('EN') ? 'EN' : candidates[0]!;
}

// The source of each text on its own (a batch may mix languages), among the languages that can
// reach the target. The request's `context` is read along with each text (DeepL asks for context in
// the source language), and `keyId`'s recent languages tip a close call (recent-languages.ts). A
// text with no usable signal (empty, digits) borrows the language detected for the others, else the
// language of the context, else the fallback.
export async function detectSources(
  detector: LanguageDetector,
  catalog: LanguageCatalog,
  texts: string[],
  target: string,
  context?: string,
  keyId?: string,
): Promise<string[]> {
  const candidates = catalog.sourcesFor(target);
  const hints = { ...(context ? { context } : {}), ...(keyId ? { key: keyId } : {}) };
  const detected = await Promise.all(texts.map((text) => detector.detectWithDictionaries(text, candidates, hints)));
  const known =
    detected.find((code) => code !== undefined) ??
    (context ? await detector.detectWithDictionaries(context, candidates) : undefined) ??
    fallback(candidates);
  return detected.map((code) => code ?? known);
}
