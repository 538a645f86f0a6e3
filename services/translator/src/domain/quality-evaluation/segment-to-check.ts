// What one segment's checks look at: the pair, the languages, and what the dictionaries and the engine say.
import type { TermMatch } from '../glossaries/glossary-matcher.js';

export interface SegmentToCheck {
  source: string;
  target: string;
  /** DeepL base codes, upper-case. */
  sourceLanguage: string;
  targetLanguage: string;
  /** Whether the language's spelling dictionary knows a word as written; absent: no dictionary. */
  sourceKnows?: (word: string) => boolean;
  targetKnows?: (word: string) => boolean;
  /** Likely corrections of target words the target dictionary does not know. */
  corrections?: ReadonlyMap<string, string>;
  /** Source words the translation engine's dictionaries lack for this pair; absent: not asked. */
  engineUnknown?: ReadonlySet<string>;
  /** The glossary's terms found in the source. */
  glossaryTerms: readonly TermMatch[];
}
