// POST /v1/quality-evaluation after parsing: the two languages (served by this instance, and not the
// same), the glossary if one is named, then the evaluation itself. It is quick (no model, dictionary
// look-ups and pattern checks), so it runs before the answer and the job is stored finished: the
// client polls as DeepL's contract says, and any replica answers the poll from PostgreSQL. An
// evaluation that fails is stored as DeepL's `error` state. Nothing is billed (see docs/quality-evaluation.md).
import type { Logger } from '@workspace/service-kit';
import type { ConnectionPool } from '../../db/database.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import type { InflightLimit } from '../translation/inflight-limit.js';
import { baseLanguage, type LanguageCatalog, normalizeCode } from '../languages/language-catalog.js';
import type { TranslationResources } from '../translation/translation-resources.js';
import { TranslatorError } from '../translator-error.js';
import { type EvaluationServices, evaluateSegments } from './evaluate-segments.js';
import type { QualityEvaluationRequest } from './quality-evaluation-request.js';

/** DeepL keeps a job 24 hours after it reaches `done` or `error`. */
export const QUALITY_EVALUATION_RETENTION_MS = 24 * 3600_000;
export const QUALITY_EVALUATION_PATH = '/v1/quality-evaluation';

export interface QualityEvaluationDeps extends EvaluationServices {
  pool: ConnectionPool;
  catalog: () => Promise<LanguageCatalog>;
  resources: Pick<TranslationResources, 'glossaries'>;
  logger: Logger;
  now: () => Date;
  newId: () => string;
  /** The engine's in-flight bound, which an evaluation holds like a translation of its characters (429 past it). */
  inflight: InflightLimit;
}

export interface QualityEvaluationCreated {
  job_id: string;
  poll_url: string;
}

export async function submitQualityEvaluation(
  deps: QualityEvaluationDeps,
  request: QualityEvaluationRequest,
  context: { key: AuthenticatedKey },
): Promise<QualityEvaluationCreated> {
  const { metadata } = request;
  const catalog = await deps.catalog();
  // The languages the engine translates, and those a spelling dictionary reads (German has no Apertium pair).
  const served = [...new Set([...catalog.baseLanguages(), ...(deps.dictionaries?.languages ?? [])])].sort();
  const source = servedLanguage(served, metadata.source_language, 'source_language');
  const targetCode = normalizeCode(metadata.target_language);
  const target = servedLanguage(served, metadata.target_language, 'target_language');
  if (source === target) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `metadata.source_language and metadata.target_language are both ${source.toLowerCase()}: an evaluation compares a translation with a source in another language.`,
    );
  }
  const glossaries = metadata.glossary_id
    ? await deps.resources.glossaries([metadata.glossary_id], source, target, 'metadata.glossary_id')
    : [];

  const id = deps.newId();
  const characters = request.segments.reduce((sum, segment) => sum + segment.source.length + segment.target.length, 0);
  // Within the engine's bound and the key's share of it: a key sending evaluations as fast as it can gets
  // 429 past its share, and the other keys' translations and evaluations keep their room.
  const evaluation = await deps.inflight.run(
    characters,
    async () => {
      try {
        return await evaluateSegments(deps, {
          sourceLanguage: source,
          targetLanguage: target,
          targetCode,
          segments: request.segments,
          glossaries,
        });
      } catch (error) {
        deps.logger.error({ err: error, jobId: id }, 'quality evaluation failed');
        return undefined;
      }
    },
    context.key.id,
  );
  const now = deps.now();
  // Jobs past their retention go as new ones come: a few at a time, so no request pays for a backlog.
  await deps.pool.query(
    'DELETE FROM quality_evaluations WHERE id IN (SELECT id FROM quality_evaluations WHERE expires_at < $1 LIMIT 100)',
    [now],
  );
  await deps.pool.query(
    `INSERT INTO quality_evaluations (id, api_key_id, status, source_language, target_language, segment_count, result, error_message, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      context.key.id,
      evaluation ? 'done' : 'error',
      source,
      targetCode,
      request.segments.length,
      evaluation ? JSON.stringify(evaluation) : null,
      evaluation ? null : 'The evaluation failed unexpectedly; submit the job again.',
      now,
      new Date(now.getTime() + QUALITY_EVALUATION_RETENTION_MS),
    ],
  );
  return { job_id: id, poll_url: `${QUALITY_EVALUATION_PATH}/${id}` };
}

/** The language's base code when this instance knows it, else 400 naming the languages it knows. */
function servedLanguage(served: readonly string[], code: string, field: 'source_language' | 'target_language'): string {
  const base = baseLanguage(normalizeCode(code));
  if (!served.includes(base)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'metadata.${field}' not supported: '${code}'. This service evaluates translations between these languages: ${served.map((language) => language.toLowerCase()).join(', ')}.`,
    );
  }
  return base;
}
