import type { CreateTranslationMemoryRequest } from '@workspace/contracts';
import { TranslatorError } from '../translator-error.js';
import type { MemoryDeps } from './memory-deps.js';
import type { MemoryRecord } from './memory-record.js';
import { memoryLanguage, mergeSegments } from './parsed-memory.js';
import { storeTranslationMemory } from './store-translation-memory.js';

/** POST /v3/translation_memories (our addition to DeepL's import-only creation): a memory given as JSON. */
export async function createTranslationMemory(deps: MemoryDeps, request: CreateTranslationMemoryRequest): Promise<MemoryRecord> {
  const bytes = request.segments.reduce(
    (sum, segment) =>
      sum +
      Buffer.byteLength(segment.source_text) +
      segment.targets.reduce((total, target) => total + Buffer.byteLength(target.target_text), 0),
    0,
  );
  if (bytes > deps.maxMemoryFileBytes) {
    throw new TranslatorError(
      'PAYLOAD_TOO_LARGE',
      `Translation memory too large: its texts total ${bytes} bytes, the limit is ${deps.maxMemoryFileBytes} bytes per translation memory.`,
    );
  }
  const sourceLang = language(request.source_language, 'source_language');
  const units = request.segments.map((segment) => ({
    source: segment.source_text,
    targets: segment.targets.map((target): [string, string] => [language(target.target_language, 'target_language'), target.target_text]),
  }));
  const segments = mergeSegments(sourceLang, units);
  if (segments.length === 0)
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'segments' not supported: no segment has a target in a language other than the source language.`,
    );
  return deps.db.$transaction((tx) => storeTranslationMemory(deps, tx, request.name, { sourceLang, segments, skipped: 0 }), {
    timeout: 60_000,
  });
}

function language(code: string, parameter: string): string {
  const base = memoryLanguage(code);
  if (!base) throw new TranslatorError('BAD_REQUEST', `Value for '${parameter}' not supported: '${code}' is not a language code.`);
  return base;
}
