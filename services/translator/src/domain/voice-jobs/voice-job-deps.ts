import type { ConnectionPool } from '../../db/database.js';
import type { SpeechRecognizer } from '../../engine/speech/speech-recognizer.js';
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import type { TranslateTextsDeps } from '../translation/translate-texts.js';
import type { SpeechMeter } from '../usage/speech-meter.js';

/** What the voice job routes and worker need. */
export interface VoiceJobDeps extends TranslateTextsDeps {
  pool: ConnectionPool;
  speechMeter: SpeechMeter;
  now: () => Date;
  newId: () => string;
  voiceJobs: VoiceJobServices;
}

/** The voice jobs' own part of the app's dependencies. */
export interface VoiceJobServices {
  /** Absent: this replica recognizes no speech, and creating a job answers 503. */
  recognizer?: SpeechRecognizer;
  synthesizer: SpeechSynthesizer;
  limits: VoiceJobLimits;
  /** Tells this process's voice job worker that a job is waiting. */
  onQueued: () => void;
}

export interface VoiceJobLimits {
  /** Largest source file taken (413 above). */
  maxBytes: number;
  /** Longest source audio taken (400 above). */
  maxDurationMs: number;
  /** How long the upload URL works after the job is created. */
  uploadWindowMs: number;
  /** How long results can be downloaded after the upload (the job is deleted then). */
  retentionMs: number;
}
