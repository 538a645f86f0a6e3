// DeepL's Voice Translate Job API: POST /v1/jobs/voice/translate (create), GET /v1/jobs/voice/translate/{job_id}
// (status), and the job's upload and download URLs under /voice-job-files (no API key there: the
// `DeepL-Signature` of the upload or of one result is the permission, or `?signature=` of a signed URL).
import { VoiceTranslateCreateJobRequest, voiceJobValidationMessage } from '@workspace/contracts';
import express, { type Express, type Request } from 'express';
import type { KeyAuthenticator } from '../../domain/keys/authenticate-key.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { createVoiceJob } from '../../domain/voice-jobs/create-voice-job.js';
import { downloadVoiceResult } from '../../domain/voice-jobs/download-voice-result.js';
import { receiveVoiceUpload } from '../../domain/voice-jobs/receive-voice-upload.js';
import type { VoiceJobDeps } from '../../domain/voice-jobs/voice-job-deps.js';
import { presentedSignature, VOICE_JOB_FILE_PATH } from '../../domain/voice-jobs/voice-job-record.js';
import { voiceJobStatus } from '../../domain/voice-jobs/voice-job-status.js';
import { keyOf, requireKey } from '../authenticate.js';
import { serviceBaseUrl } from './translation-memories.js';
import { reportingTag, REPORTING_TAG_HEADER } from './translate.js';

export interface VoiceJobRouteDeps extends VoiceJobDeps {
  authenticator: KeyAuthenticator;
  publicUrl?: string | undefined;
}

const JOBS_PATH = '/v1/jobs/voice/translate';

/** The upload and download URLs; registered before the app's body parsers, as the body is the file itself. */
export function registerVoiceJobFileRoutes(app: Express, deps: VoiceJobRouteDeps): void {
  app.put(
    `${VOICE_JOB_FILE_PATH}/:jobId/source`,
    express.raw({ type: () => true, limit: deps.voiceJobs.limits.maxBytes }),
    async (req, res) => {
      const file = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await receiveVoiceUpload(deps, String(req.params.jobId), signatureOf(req), file);
      res.status(204).end();
    },
  );

  app.get(`${VOICE_JOB_FILE_PATH}/:jobId/results/:index`, async (req, res) => {
    const index = /^\d+$/.test(String(req.params.index)) ? Number(req.params.index) : -1;
    const result = await downloadVoiceResult(deps.pool, String(req.params.jobId), index, signatureOf(req), deps.now());
    res.setHeader('Content-Type', result.type);
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(result.fileName)}`);
    res.end(result.output);
  });
}

export function registerVoiceJobRoutes(app: Express, deps: VoiceJobRouteDeps): void {
  const authenticated = requireKey(deps.authenticator);
  app.post(JOBS_PATH, authenticated, async (req, res) => {
    if (!req.is('application/json')) throw new TranslatorError('BAD_REQUEST', 'Send the job as JSON (Content-Type: application/json).');
    const parsed = VoiceTranslateCreateJobRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw new TranslatorError('BAD_REQUEST', voiceJobValidationMessage(parsed.error));
    const created = await createVoiceJob(deps, parsed.data, {
      key: keyOf(res),
      reportingTag: reportingTag(req.headers[REPORTING_TAG_HEADER]),
      baseUrl: serviceBaseUrl(deps, req),
      signedUrls: wantsSignedUrls(req),
    });
    res.status(201).json(created);
  });

  app.get(`${JOBS_PATH}/:jobId`, authenticated, async (req, res) => {
    res.json(
      await voiceJobStatus(deps.pool, String(req.params.jobId), {
        key: keyOf(res),
        baseUrl: serviceBaseUrl(deps, req),
        signedUrls: wantsSignedUrls(req),
        now: deps.now(),
      }),
    );
  });
}

function signatureOf(req: Request): string | undefined {
  return presentedSignature(req.headers.authorization, req.query.signature);
}

/** `?include=signed_url` (repeatable, the only value DeepL defines). */
function wantsSignedUrls(req: Request): boolean {
  const include = req.query.include;
  if (include === undefined) return false;
  const values = (Array.isArray(include) ? include : [include]).map(String);
  const unknown = values.find((value) => value !== 'signed_url');
  if (unknown !== undefined)
    throw new TranslatorError('BAD_REQUEST', `Value for 'include' not supported: '${unknown}'. Expected signed_url.`);
  return true;
}
