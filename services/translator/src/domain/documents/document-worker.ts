// Translates uploaded documents off the request path: `concurrency` jobs at a time in this process,
// taken from PostgreSQL (document-jobs.ts) so that any replica may do any job and a restart resumes
// them. Idle, it costs nothing: an upload in this process wakes it at once, and otherwise it looks
// for work (other replicas' uploads, jobs whose process died) every `pollMs`, and deletes expired
// files at most once a minute.
import type { Logger } from '@workspace/service-kit';
import { EngineError } from '../../engine/engine-error.js';
import { TranslatorError } from '../translator-error.js';
import type { UsageMeter } from '../usage/usage-meter.js';
import type { ClaimedJob, DocumentJobs } from './document-jobs.js';
import { UnreadableDocument } from './formats/document-format.js';
import { type TranslateDocumentDeps, translateDocument } from './translate-document.js';

const MAX_ATTEMPTS = 3;
const SWEEP_INTERVAL_MS = 60_000;

export interface DocumentWorkerOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  retentionMs: number;
}

export interface DocumentWorkerDeps extends TranslateDocumentDeps {
  jobs: DocumentJobs;
  meter: UsageMeter;
  logger: Logger;
  now: () => Date;
}

export class DocumentWorker {
  private running: Promise<void>[] = [];
  private sleepers: Array<() => void> = [];
  private closed = false;
  private lastSweep = 0;
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: DocumentWorkerDeps,
    private readonly options: DocumentWorkerOptions,
  ) {}

  start(): void {
    if (this.running.length > 0 || this.options.concurrency === 0) return;
    for (let slot = 0; slot < this.options.concurrency; slot++) this.running.push(this.loop());
  }

  /** A job was queued in this process: idle slots look now instead of at the next poll. */
  wake(): void {
    const sleepers = this.sleepers;
    this.sleepers = [];
    for (const wakeUp of [...sleepers]) wakeUp();
  }

  /** Stops taking jobs; a job in translation goes back to the queue for another process. */
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
        this.deps.logger.warn({ err: error }, 'document worker could not reach the job table; retrying at the next poll');
      }
      if (!worked) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      const sleepers = this.sleepers;
      function done() {
        clearTimeout(timer);
        const index = sleepers.indexOf(done);
        if (index >= 0) sleepers.splice(index, 1);
        resolve();
      }
      this.sleepers.push(done);
    });
  }

  private async sweep(): Promise<void> {
    const now = this.deps.now().getTime();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    const deleted = await this.deps.jobs.deleteExpired(new Date(now));
    if (deleted > 0) this.deps.logger.info({ deleted }, 'deleted expired documents');
  }

  private async process(job: ClaimedJob): Promise<void> {
    const { jobs, logger } = this.deps;
    const lease = () => new Date(this.deps.now().getTime() + this.options.leaseMs);
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopping.signal]);
    // The lease is renewed on a timer too: one batch may take longer than the lease on a loaded machine.
    const renew = setInterval(() => {
      jobs.heartbeat(job, lease()).then(
        (held) => held || lost.abort(),
        () => undefined,
      );
    }, this.options.leaseMs / 3);
    try {
      const { output, qualityReport } = await translateDocument(
        this.deps,
        { input: job.input, fileName: job.fileName, inputFormat: job.inputFormat, outputFormat: job.outputFormat, options: job.options },
        async (characters) => {
          if (!(await jobs.heartbeat(job, lease(), characters))) lost.abort();
        },
        signal,
      );
      await jobs.complete(job, output, qualityReport, this.deps.now(), new Date(this.deps.now().getTime() + this.options.retentionMs));
    } catch (error) {
      if (lost.signal.aborted) return logger.info({ documentId: job.id }, 'document job taken over by another worker');
      if (this.stopping.signal.aborted) return jobs.release(job, false);
      if (isPermanent(error) || job.attempt >= MAX_ATTEMPTS) {
        logger.warn({ err: error, documentId: job.id, attempt: job.attempt }, 'document translation failed');
        const failed = await jobs.fail(
          job,
          failureMessage(error),
          this.deps.now(),
          new Date(this.deps.now().getTime() + this.options.retentionMs),
        );
        // Billed at upload; nothing was delivered, so the characters are given back.
        if (failed) {
          await this.deps.meter.refund({
            keyId: job.apiKeyId,
            characters: job.billedCharacters,
            reportingTag: job.reportingTag ?? undefined,
            kind: 'document',
            at: job.createdAt,
          });
        }
        return;
      }
      logger.warn({ err: error, documentId: job.id, attempt: job.attempt }, 'document translation failed; it will be retried');
      await jobs.release(job, true);
    } finally {
      clearInterval(renew);
    }
  }
}

function isPermanent(error: unknown): boolean {
  if (error instanceof UnreadableDocument) return true;
  if (error instanceof TranslatorError) return error.code !== 'UNAVAILABLE' && error.code !== 'TOO_MANY_REQUESTS';
  return error instanceof EngineError && (error.code === 'UNSUPPORTED_PAIR' || error.code === 'UPSTREAM_REJECTED');
}

function failureMessage(error: unknown): string {
  if (error instanceof UnreadableDocument || error instanceof TranslatorError) return error.message;
  if (error instanceof EngineError && error.code === 'UNSUPPORTED_PAIR') return error.message;
  // Anything else is ours, not the caller's: no internals in the answer.
  return 'The document could not be translated; please try again.';
}
