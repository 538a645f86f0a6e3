import { z } from 'zod';

// Wire shapes of DeepL's Voice Translate Job API (openapi.json v3.11.0: POST /v1/jobs/voice/translate,
// GET /v1/jobs/voice/translate/{job_id}). Beyond DeepL's `parameters.source_language`, the service takes
// `glossary_id`, `formality` and `target_media_voice` there, as a voice session does.

export const VOICE_JOB_SOURCE_CONTENT_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac', 'audio/mp4', 'audio/webm'] as const;

export const VOICE_JOB_TEXT_TYPES = ['text/plain', 'application/x-subrip'] as const;

export const VOICE_JOB_AUDIO_TYPES = [
  'audio/opus',
  'audio/flac',
  'audio/pcm;encoding=s16le;rate=16000',
  'audio/pcm;encoding=s16le;rate=24000',
  'audio/pcm;encoding=ulaw;rate=8000',
  'audio/pcm;encoding=alaw;rate=8000',
  'audio/x-matroska;codecs=aac',
  'audio/x-matroska;codecs=flac',
  'audio/x-matroska;codecs=opus',
  'audio/x-matroska;codecs=pcm_s16le;rate=16000',
  'audio/x-matroska;codecs=pcm_s16le;rate=24000',
  'video/mp2t;codecs=aac',
  'video/mp2t;codecs=opus',
  'audio/ogg;codecs=flac',
  'audio/ogg;codecs=opus',
  'audio/webm;codecs=opus',
] as const;

export const VOICE_JOB_OUTPUT_TYPES = [...VOICE_JOB_TEXT_TYPES, ...VOICE_JOB_AUDIO_TYPES] as const;

export const VOICE_FORMALITIES = ['default', 'formal', 'more', 'informal', 'less'] as const;

/** The largest file DeepL takes (1 GB); a deployment's own limit may be lower. */
export const VOICE_JOB_MAX_CONTENT_LENGTH = 1_073_741_824;

const invalid = { error: 'Value is not valid' };

export const VoiceJobSourceFile = z.object({
  name: z.string(invalid).min(1, invalid),
  content_type: z.enum(VOICE_JOB_SOURCE_CONTENT_TYPES, invalid),
  content_length: z.number(invalid).int(invalid).min(1, invalid).max(VOICE_JOB_MAX_CONTENT_LENGTH, invalid),
});
export type VoiceJobSourceFile = z.infer<typeof VoiceJobSourceFile>;

export const VoiceJobTarget = z.object({
  language: z.string(invalid).min(2, invalid),
  type: z.enum(VOICE_JOB_OUTPUT_TYPES, invalid),
});
export type VoiceJobTarget = z.infer<typeof VoiceJobTarget>;

export const VoiceJobParameters = z.object({
  source_language: z.string(invalid).min(2, invalid).optional(),
  glossary_id: z.string(invalid).min(1, invalid).optional(),
  formality: z.enum(VOICE_FORMALITIES, invalid).optional(),
  target_media_voice: z.enum(['male', 'female'], invalid).optional(),
});
export type VoiceJobParameters = z.infer<typeof VoiceJobParameters>;

export const VoiceTranslateCreateJobRequest = z.object({
  source_file: VoiceJobSourceFile,
  parameters: VoiceJobParameters.optional(),
  targets: z.array(VoiceJobTarget, invalid).min(1, invalid),
});
export type VoiceTranslateCreateJobRequest = z.infer<typeof VoiceTranslateCreateJobRequest>;

export const VoiceTranslateCreateJobResponse = z.object({
  job_id: z.string(),
  upload_url: z.string(),
  signature: z.string(),
  signed_upload_url: z.string().optional(),
});
export type VoiceTranslateCreateJobResponse = z.infer<typeof VoiceTranslateCreateJobResponse>;

export const VOICE_JOB_RESULT_STATUSES = ['pending', 'uploaded', 'processing', 'complete', 'downloaded', 'failed'] as const;
export type VoiceJobResultStatus = (typeof VOICE_JOB_RESULT_STATUSES)[number];

export const VoiceJobTargetResult = z.object({
  status: z.enum(VOICE_JOB_RESULT_STATUSES),
  download_url: z.string().optional(),
  signature: z.string().optional(),
  signed_download_url: z.string().optional(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
});
export type VoiceJobTargetResult = z.infer<typeof VoiceJobTargetResult>;

export const VoiceTranslateJobStatusResponse = z.object({
  job_id: z.string(),
  product: z.literal('voice'),
  operation: z.literal('translate'),
  created_at: z.string(),
  updated_at: z.string(),
  usage: z.object({ storage_used: z.number().int() }),
  source_file: z.object({ name: z.string(), content_type: z.string(), content_length: z.number().int() }),
  parameters: z.object({
    source_language: z.string().optional(),
    glossary_id: z.string().optional(),
    formality: z.string().optional(),
    target_media_voice: z.string().optional(),
  }),
  targets: z.array(VoiceJobTarget),
  results: z.array(VoiceJobTargetResult),
});
export type VoiceTranslateJobStatusResponse = z.infer<typeof VoiceTranslateJobStatusResponse>;

/** `/targets/0/type: Value is not valid`, as DeepL words a refused create request. */
export function voiceJobValidationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  if (issue.code === 'unrecognized_keys') return `/${issue.path.join('/')}: unknown field ${issue.keys.join(', ')}`;
  const path = issue.path.length ? `/${issue.path.join('/')}` : '/';
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  return `${path}: ${missing ? 'Value is required' : issue.message}`;
}
