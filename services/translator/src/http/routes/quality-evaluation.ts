// DeepL's quality evaluation: POST /v1/quality-evaluation submits segment pairs (202 with the job's id and
// poll URL), GET /v1/quality-evaluation/{job_id} answers the evaluation. The key and the JSON body are
// read by app.ts before these routes (this path has its own body limit).
import type { Express } from 'express';
import { QualityEvaluationRequest, qualityEvaluationRequestMessage } from '../../domain/quality-evaluation/quality-evaluation-request.js';
import { qualityEvaluationStatus } from '../../domain/quality-evaluation/quality-evaluation-status.js';
import {
  QUALITY_EVALUATION_PATH,
  type QualityEvaluationDeps,
  submitQualityEvaluation,
} from '../../domain/quality-evaluation/submit-quality-evaluation.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { keyOf } from '../authenticate.js';

export { QUALITY_EVALUATION_PATH };

/** 500 segments of 10,000 characters would be 40 MB; the evaluation runs in this process, so less is taken at once. */
export const MAX_QUALITY_EVALUATION_BODY_BYTES = 4 * 1024 * 1024;

export function registerQualityEvaluationRoutes(app: Express, deps: QualityEvaluationDeps): void {
  app.post(QUALITY_EVALUATION_PATH, async (req, res) => {
    if (!req.is('application/json')) throw new TranslatorError('BAD_REQUEST', 'Send the job as JSON (Content-Type: application/json).');
    const parsed = QualityEvaluationRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw new TranslatorError('BAD_REQUEST', qualityEvaluationRequestMessage(parsed.error, req.body));
    const created = await submitQualityEvaluation(deps, parsed.data, { key: keyOf(res) });
    // The job is evaluated already: a poll now finds it done.
    res.status(202).setHeader('Retry-After', '0').json(created);
  });

  app.get(`${QUALITY_EVALUATION_PATH}/:jobId`, async (req, res) => {
    res.json(await qualityEvaluationStatus(deps.pool, String(req.params.jobId), { key: keyOf(res), now: deps.now() }));
  });
}
