// POST /v1/jobs/voice/translate after parsing: everything that can refuse the job does so here (the
// recognizer's language, each target's language pair, voice and format, the glossary, the file's declared
// size, a key with no audio left), then the job waits for its file for `uploadWindowMs`.
import type { VoiceTranslateCreateJobRequest, VoiceTranslateCreateJobResponse } from '@workspace/contracts';
import { normalizeCode, baseLanguage } from '../languages/language-catalog.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import { TranslatorError } from '../translator-error.js';
import type { VoiceJobDeps } from './voice-job-deps.js';
import { isAudioTarget, newSignature, signedUrl, sourceUrl, type VoiceJobOptions } from './voice-job-record.js';

export async function createVoiceJob(
  deps: VoiceJobDeps,
  request: VoiceTranslateCreateJobRequest,
  context: { key: AuthenticatedKey; reportingTag?: string; baseUrl: string; signedUrls: boolean },
): Promise<VoiceTranslateCreateJobResponse> {
  const { maxBytes, uploadWindowMs, retentionMs } = deps.voiceJobs.limits;
  if (request.source_file.content_length > maxBytes) {
    throw new TranslatorError(
      'PAYLOAD_TOO_LARGE',
      `/source_file/content_length: ${request.source_file.content_length} bytes is over this service's limit of ${maxBytes} bytes.`,
    );
  }
  const source = sourceLanguage(deps, request.parameters?.source_language);
  const catalog = await deps.catalog();
  const targets = request.targets.map((target, index) => {
    const language = normalizeCode(target.language);
    const same = baseLanguage(language) === source;
    if (!same && !catalog.canTranslate(source, language)) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `/targets/${index}/language: no translation from ${source} to '${target.language}' is available. GET /v2/languages?type=target lists the targets.`,
      );
    }
    if (isAudioTarget(target) && !deps.voiceJobs.synthesizer.speaks(language)) {
      throw new TranslatorError('BAD_REQUEST', `/targets/${index}/language: translated speech is not available in '${target.language}'.`);
    }
    return { language, type: target.type };
  });
  // Stored as the request spelled them: the status answer echoes them back.
  const stored = request.targets.map((target) => ({ language: target.language, type: target.type }));
  const glossaryId = request.parameters?.glossary_id;
  if (glossaryId !== undefined) {
    // Unknown glossaries, and glossaries without this pair, are refused now rather than failing the job.
    for (const target of new Set(targets.map((item) => item.language).filter((language) => baseLanguage(language) !== source))) {
      await deps.resources.glossaries([glossaryId], source, target, 'glossary_id');
    }
  }
  await deps.speechMeter.assertAvailable(context.key.id);

  const options = jobOptions(request.parameters);
  const id = deps.newId();
  const signature = newSignature();
  const now = deps.now();
  await deps.pool.query(
    `INSERT INTO voice_jobs (id, api_key_id, status, file_name, content_type, content_length, source_language, targets, options,
                             reporting_tag, upload_signature, upload_expires_at, created_at, updated_at, expires_at)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)`,
    [
      id,
      context.key.id,
      request.source_file.name,
      request.source_file.content_type,
      request.source_file.content_length,
      source,
      JSON.stringify(stored),
      JSON.stringify(options),
      context.reportingTag ?? null,
      signature,
      new Date(now.getTime() + uploadWindowMs),
      now,
      // A job never uploaded is deleted with the others past their retention.
      new Date(now.getTime() + uploadWindowMs + retentionMs),
    ],
  );
  const uploadUrl = sourceUrl(context.baseUrl, id);
  return {
    job_id: id,
    upload_url: uploadUrl,
    signature,
    ...(context.signedUrls ? { signed_upload_url: signedUrl(uploadUrl, signature) } : {}),
  };
}

/** The recognizer's languages only (offline: EN, the model that ships); without one, the recognizer's first. */
function sourceLanguage(deps: VoiceJobDeps, requested: string | undefined): string {
  const recognizer = deps.voiceJobs.recognizer;
  if (!recognizer)
    throw new TranslatorError('UNAVAILABLE', 'Speech recognition is not available on this service: no recognizer is configured.', 60);
  const heard = recognizer.languages;
  if (requested === undefined) return heard[0] ?? 'EN';
  const code = baseLanguage(normalizeCode(requested));
  if (!heard.includes(code)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `/parameters/source_language: speech recognition here hears ${heard.join(', ')} only, not '${requested}'.`,
    );
  }
  return code;
}

function jobOptions(parameters: VoiceTranslateCreateJobRequest['parameters']): VoiceJobOptions {
  const formality = parameters?.formality;
  return {
    ...(parameters?.glossary_id ? { glossary_id: parameters.glossary_id } : {}),
    // A voice's formality is a lean, as DeepL words it: what prefer_more / prefer_less are for text.
    ...(formality === 'formal' || formality === 'more' ? { formality: 'prefer_more' as const } : {}),
    ...(formality === 'informal' || formality === 'less' ? { formality: 'prefer_less' as const } : {}),
    ...(formality ? { requested_formality: formality } : {}),
    ...(parameters?.target_media_voice ? { voice: parameters.target_media_voice } : {}),
  };
}
