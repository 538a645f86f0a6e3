// One document: read its segments, translate them, write the file again (and the quality report when
// asked). Used by the worker; nothing here touches the job table.
import type { TranslateRequest } from '@workspace/contracts';
import type { TranslateTextsDeps } from '../translation/translate-texts.js';
import type { DocumentOptions } from './document-record.js';
import type { DocumentTools } from './converters/document-tools.js';
import { openDocument } from './open-document.js';
import { evaluateQuality, type QualityReport, type UnknownWordFinder } from './quality-report.js';
import { translateSegments } from './translate-segments.js';

export interface TranslateDocumentDeps extends TranslateTextsDeps {
  /** Marks the words the engine does not know (Apertium's `*`); absent for engines that cannot. */
  unknownWords?: UnknownWordFinder;
  /** The programs PDF and image translation run (found at boot). */
  documentTools: DocumentTools;
}

export interface DocumentInput {
  input: Buffer;
  fileName: string;
  inputFormat: string;
  outputFormat: string;
  options: DocumentOptions;
}

export async function translateDocument(
  deps: TranslateDocumentDeps,
  document: DocumentInput,
  onProgress: (characters: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ output: Buffer; qualityReport?: QualityReport }> {
  const extracted = await openDocument(
    deps.documentTools,
    document.inputFormat,
    document.input,
    {
      fileName: document.fileName,
      targetLang: document.options.target_lang,
      ...(document.options.source_lang ? { sourceLang: document.options.source_lang } : {}),
    },
    'translate',
    document.outputFormat,
  );
  const request = { ...document.options, text: [] } as unknown as TranslateRequest;
  const translated = await translateSegments(deps, extracted.segments, request, onProgress, signal);
  const output = await extracted.rebuild(translated.texts, signal);
  if (!document.options.enable_quality_evaluation) return { output };
  const qualityReport = await evaluateQuality(deps, extracted.segments, translated, request);
  return { output, qualityReport };
}
