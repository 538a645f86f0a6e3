// POST /v2/write/rephrase without a language model: spelling (Hunspell dictionaries), safe grammar and
// typography rules, then the listed rules of the requested style or tone. Each stage only proposes
// edits, so a text no rule changes comes back byte for byte. Free rewriting (reordering sentences,
// changing the register of every word) is not done: that needs a model this offline engine does not have.
import { spellingEdits } from './correct-spelling.js';
import { capitalEdits, indefiniteArticleEdits, punctuationEdits, repeatedWordEdits } from './grammar-rules.js';
import type { SpellingDictionaries } from './spelling-dictionaries.js';
import { type Register, rulesFor } from './style-rules.js';
import { applyEdits, type Edit } from './text-spans.js';

export interface ImproveOptions {
  /** DeepL base code, upper-case. */
  language: string;
  register?: Register;
  /** Lower-cased words spelling never changes (glossary terms). */
  protectedTerms?: ReadonlySet<string>;
}

export class OfflineWriter {
  constructor(private readonly dictionaries: SpellingDictionaries) {}

  /** Whether texts in the language are corrected at all; others come back unchanged. */
  corrects(language: string): boolean {
    return this.dictionaries.has(language);
  }

  /** Whether the language has rules for the style or tone. */
  supports(language: string, register: Register): boolean {
    return this.corrects(language) && rulesFor(language, register) !== undefined;
  }

  /**
   * Waits for the dictionaries of these languages (each loads once per process, in a thread of its own),
   * a bounded time: past it, 503 with Retry-After. Called before metering, so a refused request costs nothing.
   */
  prepare(languages: Iterable<string>): Promise<void> {
    return this.dictionaries.prepare(languages);
  }

  improve(text: string, options: ImproveOptions): string {
    const dictionary = this.dictionaries.get(options.language);
    if (!dictionary) return text;
    const { language } = options;
    const stages: Array<(current: string) => Edit[]> = [
      (current) => spellingEdits(current, dictionary, { protectedTerms: options.protectedTerms }),
      (current) => repeatedWordEdits(current, language),
      (current) => indefiniteArticleEdits(current, language),
      (current) => punctuationEdits(current, language),
      (current) => capitalEdits(current, language, dictionary),
      ...(options.register ? (rulesFor(language, options.register) ?? []) : []).map((rule) => (current: string) => rule.edits(current)),
    ];
    return stages.reduce((current, stage) => applyEdits(current, stage(current)), text);
  }
}
