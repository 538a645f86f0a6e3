// One document: read its segments, translate them, write the file again (and the quality report when
// asked). Used by the worker; nothing here touches the job table.
import type { TranslateRequest } from '@workspace/contracts';
import type { TranslateTextsDeps } from '../translation/translate-texts.js';
import type { DocumentOptions } from './document-record.js';
import { formatFor } from './formats/document-formats.js';
import { UnreadableDocument } from './formats/document-format.js';
import { evaluateQuality, type QualityReport, type UnknownWordFinder } from './quality-report.js';
import { translateSegments } from './translate-segments.js';

export interface TranslateDocumentDeps extends TranslateTextsDeps {
  /** Marks the words the engine does not know (Apertium's `*`); absent for engines that cannot. */
  unknownWords?: UnknownWordFinder;
}

export interface DocumentInput {
  input: Buffer;
  fileName: string;
  inputFormat: string;
  options: DocumentOptions;
}

export async function translateDocument(
  deps: TranslateDocumentDeps,
  document: DocumentInput,
  onProgress: (characters: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ output: Buffer; qualityReport?: QualityReport }> {
  const format = formatFor(document.inputFormat);
  if (!format) throw new UnreadableDocument(`Format '${document.inputFormat}' is not supported.`);
  const extracted = format.extract(document.input, { fileName: document.fileName, targetLang: document.options.target_lang });
  const request = { ...document.options, text: [] } as unknown as TranslateRequest;
  const translated = await translateSegments(deps, extracted.segments, request, onProgress, signal);
  const output = extracted.rebuild(translated.texts);
  if (!document.options.enable_quality_evaluation) return { output };
  const qualityReport = await evaluateQuality(deps, extracted.segments, translated, request);
  return { output, qualityReport };
}
