// Works voice jobs off the request path: `concurrency` jobs at a time in this process, taken from
// PostgreSQL (voice-jobs.ts) so that any replica may do any job and a restart resumes it. A job is
// decoded whole, recognized (its concluded segments checkpointed with each lease renewal), translated
// per target language and written per target; its audio's duration is metered once it is done.
// Idle, it costs nothing: an upload in this process wakes it, and otherwise it looks every `pollMs`.
import type { Logger } from '@workspace/service-kit';
import { RECOGNIZER_BYTES_PER_MS, type SpeechRecognizer } from '../../engine/speech/speech-recognizer.js';
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import { EngineError } from '../../engine/engine-error.js';
import { TranslatorError } from '../translator-error.js';
import type { VoiceJobDeps, VoiceJobLimits } from './voice-job-deps.js';
import { produceVoiceResults } from './produce-voice-results.js';
import { type RecognitionProgress, recognizeSource } from './recognize-source.js';
import { decodeToRecognizerPcm, UnreadableAudio } from './source-audio.js';
import { isAudioTarget, newSignature } from './voice-job-record.js';
import type { ClaimedVoiceJob, VoiceJobs } from './voice-jobs.js';

const MAX_ATTEMPTS = 3;
const SWEEP_INTERVAL_MS = 60_000;

export interface VoiceJobWorkerOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
}

export interface VoiceJobWorkerDeps extends Omit<VoiceJobDeps, 'newId' | 'voiceJobs'> {
  jobs: VoiceJobs;
  /** Absent: this replica recognizes no speech, and its worker takes no jobs. */
  recognizer?: SpeechRecognizer;
  synthesizer: SpeechSynthesizer;
  limits: VoiceJobLimits;
  logger: Logger;
}

export class VoiceJobWorker {
  private running: Promise<void>[] = [];
  private sleepers: Array<() => void> = [];
  private closed = false;
  private lastSweep = 0;
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: VoiceJobWorkerDeps,
    private readonly options: VoiceJobWorkerOptions,
  ) {}

  start(): void {
    if (this.running.length > 0 || this.options.concurrency === 0 || !this.deps.recognizer) return;
    for (let slot = 0; slot < this.options.concurrency; slot++) this.running.push(this.loop());
  }

  /** A job was uploaded in this process: idle slots look now instead of at the next poll. */
  wake(): void {
    const sleepers = this.sleepers;
    this.sleepers = [];
    for (const wakeUp of sleepers) wakeUp();
  }

  /** Stops taking jobs; a job in progress goes back to the queue (with its checkpoint) for another process. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    this.wake();
    await Promise.all(this.running);
    this.running = [];
  }

  private async loop(): Promise<void> {
    while (!this.closed) {
      let worked = false;
      try {
        await this.sweep();
        const job = await this.deps.jobs.claim(this.deps.now(), this.options.leaseMs);
        if (job) {
          worked = true;
          await this.process(job);
        }
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'voice job worker could not reach the job table; retrying at the next poll');
      }
      if (!worked) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const sleepers = this.sleepers;
      const done = () => {
        clearTimeout(timer);
        const index = sleepers.indexOf(done);
        if (index >= 0) sleepers.splice(index, 1);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      sleepers.push(done);
    });
  }

  private async sweep(): Promise<void> {
    const now = this.deps.now().getTime();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    const deleted = await this.deps.jobs.deleteExpired(new Date(now));
    if (deleted > 0) this.deps.logger.info({ deleted }, 'deleted expired voice jobs');
  }

  private async process(job: ClaimedVoiceJob): Promise<void> {
    const { jobs, logger } = this.deps;
    const lease = () => new Date(this.deps.now().getTime() + this.options.leaseMs);
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopping.signal]);
    const progress: RecognitionProgress = { recognizedMs: job.recognizedMs, segments: [...job.segments] };
    // Each renewal also checkpoints recognition, so that whoever takes the job next goes on from there.
    const renew = setInterval(() => {
      jobs.heartbeat(job, lease(), { recognizedMs: progress.recognizedMs, segments: progress.segments }).then(
        (held) => held || lost.abort(),
        () => undefined,
      );
    }, this.options.leaseMs / 3);
    try {
      const pcm = await decodeToRecognizerPcm(job.input, signal);
      const durationMs = Math.floor(pcm.length / RECOGNIZER_BYTES_PER_MS);
      if (job.recognizedMs > 0) logger.info({ voiceJobId: job.id, fromMs: job.recognizedMs }, 'voice job resumed from its checkpoint');
      const segments = await recognizeSource(this.deps.recognizer!, pcm, { language: job.sourceLanguage, progress, signal });
      if (!(await jobs.heartbeat(job, lease(), progress))) lost.abort();
      signal.throwIfAborted();
      const produced = await produceVoiceResults(this.deps, { ...job, durationMs }, segments, signal, describeFailure);
      const done = await jobs.complete(
        job,
        produced.map((result) =>
          result.output ? { output: result.output, signature: newSignature() } : { error: result.error ?? 'processing failed' },
        ),
        this.deps.now(),
        new Date(this.deps.now().getTime() + this.deps.limits.retentionMs),
      );
      if (done) await this.meter(job, durationMs);
    } catch (error) {
      if (lost.signal.aborted) return logger.info({ voiceJobId: job.id }, 'voice job taken over by another worker');
      if (this.stopping.signal.aborted) return jobs.release(job, false);
      if (isPermanent(error) || job.attempt >= MAX_ATTEMPTS) {
        logger.warn({ err: error, voiceJobId: job.id, attempt: job.attempt }, 'voice job failed');
        const message = describeFailure(error);
        await jobs.complete(
          job,
          job.targets.map(() => ({ error: message })),
          this.deps.now(),
          new Date(this.deps.now().getTime() + this.deps.limits.retentionMs),
        );
        return;
      }
      logger.warn({ err: error, voiceJobId: job.id, attempt: job.attempt }, 'voice job failed; it will be retried');
      await jobs.release(job, true);
    } finally {
      clearInterval(renew);
    }
  }

  // Billed by the source's duration, as DeepL bills jobs; with translated speech among the targets it is speech-to-speech.
  private async meter(job: ClaimedVoiceJob, durationMs: number): Promise<void> {
    await this.deps.speechMeter
      .record({
        keyId: job.apiKeyId,
        milliseconds: durationMs,
        reportingTag: job.reportingTag,
        kind: job.targets.some(isAudioTarget) ? 'speech_to_speech' : 'speech_to_text',
      })
      .catch((error: unknown) => this.deps.logger.warn({ err: error, voiceJobId: job.id }, 'could not meter a finished voice job'));
  }
}

function isPermanent(error: unknown): boolean {
  if (error instanceof UnreadableAudio) return true;
  if (error instanceof TranslatorError) return error.code !== 'UNAVAILABLE' && error.code !== 'TOO_MANY_REQUESTS';
  return error instanceof EngineError && (error.code === 'UNSUPPORTED_PAIR' || error.code === 'UPSTREAM_REJECTED');
}

function describeFailure(error: unknown): string {
  if (error instanceof UnreadableAudio || error instanceof TranslatorError) return error.message;
  if (error instanceof EngineError && error.code === 'UNSUPPORTED_PAIR') return error.message;
  // Anything else is ours, not the caller's: no internals in the answer.
  return 'processing failed; please create the job again.';
}
