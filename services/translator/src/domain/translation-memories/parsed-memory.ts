// What a memory file (or a JSON create) becomes before it is stored: one source language, segments in
// file order, each with its translations by target language. Codes are kept as base codes, upper-case:
// a TMX `en-US` is `EN`, as glossaries keep them, so a memory into `EN` serves EN-GB and EN-US.
import { TranslatorError } from '../translator-error.js';

export interface ParsedSegment {
  source: string;
  /** Target text by base language code. */
  targets: Map<string, string>;
}

export interface ParsedMemory {
  sourceLang: string;
  segments: ParsedSegment[];
  /** Units of the file that had no source or no target text. */
  skipped: number;
}

const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;

/** `en-US`, `en_us`, `EN` -> `EN`; undefined for anything that is not a language code. */
export function memoryLanguage(code: string | undefined): string | undefined {
  const trimmed = code?.trim();
  if (!trimmed || !LANGUAGE_CODE.test(trimmed)) return undefined;
  return trimmed.split(/[-_]/)[0]!.toUpperCase();
}

/**
 * Segments with the same source text merge (a later translation into the same language wins), so a
 * source text is one segment; a target in the source language is dropped.
 */
export function mergeSegments(sourceLang: string, units: Array<{ source: string; targets: Array<[string, string]> }>): ParsedSegment[] {
  const bySource = new Map<string, Map<string, string>>();
  for (const unit of units) {
    const targets = bySource.get(unit.source) ?? new Map<string, string>();
    for (const [language, text] of unit.targets) if (language !== sourceLang) targets.set(language, text);
    bySource.set(unit.source, targets);
  }
  return [...bySource].filter(([, targets]) => targets.size > 0).map(([source, targets]) => ({ source, targets }));
}

/** A file that could not be read: the job fails with this reason (it says what to fix). */
export class MemoryFileError extends TranslatorError {
  constructor(reason: string) {
    super('BAD_REQUEST', reason);
  }
}
