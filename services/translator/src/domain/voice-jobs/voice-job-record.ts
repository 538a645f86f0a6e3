// A voice job as stored, and how it is named on the wire: its files live under VOICE_JOB_FILE_PATH (no API
// key there, as on DeepL's asset host: the signature of the upload, or of one result, is the permission).
import { randomBytes } from 'node:crypto';
import type { VoiceJobTarget } from '@workspace/contracts';
import type { SpeechVoice } from '../../engine/speech/speech-voices.js';
import { TranslatorError } from '../translator-error.js';

export const VOICE_JOB_FILE_PATH = '/voice-job-files';

/** pending: no file yet; uploaded: queued; processing: a worker has it; done: every result is written. */
export type VoiceJobStatus = 'pending' | 'uploaded' | 'processing' | 'done';

/** How each concluded segment is translated and spoken. */
export interface VoiceJobOptions {
  glossary_id?: string;
  /** Text translation's formality: voice's formal/informal lean (prefer_more/prefer_less). */
  formality?: 'prefer_more' | 'prefer_less';
  voice?: SpeechVoice;
  /** As the request gave it, for the status answer. */
  requested_formality?: string;
}

/** A stretch of speech the recognizer concluded, with offsets in the source audio. */
export interface RecognizedSegment {
  text: string;
  startMs: number;
  endMs: number;
}

export type StoredTarget = VoiceJobTarget;

export function newSignature(): string {
  return randomBytes(32).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isJobId(value: string): boolean {
  return UUID.test(value);
}

// One answer for an unknown id and another key's job, so neither tells whether the job exists.
export const voiceJobNotFound = () => new TranslatorError('NOT_FOUND', 'Voice translation job not found.');

export function sourceUrl(baseUrl: string, jobId: string): string {
  return `${baseUrl}${VOICE_JOB_FILE_PATH}/${jobId}/source`;
}

export function resultUrl(baseUrl: string, jobId: string, index: number): string {
  return `${baseUrl}${VOICE_JOB_FILE_PATH}/${jobId}/results/${index}`;
}

export function signedUrl(url: string, signature: string): string {
  return `${url}?signature=${encodeURIComponent(signature)}`;
}

/** The signature of an upload or download: `Authorization: DeepL-Signature …`, or `?signature=` of a signed URL. */
export function presentedSignature(authorization: string | undefined, query: unknown): string | undefined {
  const match = /^DeepL-Signature\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match) return match[1];
  return typeof query === 'string' && query.length > 0 ? query : undefined;
}

export function isAudioTarget(target: StoredTarget): boolean {
  return target.type !== 'text/plain' && target.type !== 'application/x-subrip';
}
