// The offline SpeechRecognizer: a fixed number of warm pocketsphinx processes, each serving one stream
// at a time, and a bounded queue of streams waiting for one. A process that dies is replaced; a stream
// that ends or is aborted gives its process back clean (the worker reloads its model after spoken terms).
import { TranslatorError } from '../../domain/translator-error.js';
import { RecognizerProcess } from './recognizer-process.js';
import { RecognitionSession } from './recognition-session.js';
import type { RecognitionOptions, RecognitionStream, SpeechRecognizer } from './speech-recognizer.js';
import type { SpeechTools } from './speech-tools.js';
import { pronounceTerms } from './term-pronunciations.js';

export interface RecognizerPoolSettings {
  /** Recognizer processes (each about 1.3 CPU-seconds to start and 60 MB of memory). */
  size: number;
  /** Streams that may wait for a free recognizer; one more is refused (429). */
  queueLimit: number;
  /** How long a stream waits for a free recognizer before it is refused (503). */
  queueTimeoutMs: number;
}

interface Waiting {
  resolve(process: RecognizerProcess): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class RecognizerPool implements SpeechRecognizer {
  readonly languages = ['EN'] as const;
  private readonly idle: RecognizerProcess[] = [];
  private readonly all = new Set<RecognizerProcess>();
  private readonly waiting: Waiting[] = [];
  private closed = false;

  constructor(
    private readonly tools: SpeechTools,
    private readonly settings: RecognizerPoolSettings,
    private readonly onProcessExit: (reason: string) => void = () => undefined,
  ) {}

  /** Starts the processes now rather than at the first stream; resolves once their models are loaded. */
  async warm(): Promise<void> {
    while (this.all.size < this.settings.size) this.release(this.spawn(), false);
    await Promise.all([...this.all].map((process) => process.loaded.catch(() => undefined)));
  }

  /** Process ids of the recognizers running now (tests check that none is left behind or replaced). */
  get processIds(): number[] {
    return [...this.all].flatMap((process) => (process.pid === undefined ? [] : [process.pid]));
  }

  async open(options: RecognitionOptions): Promise<RecognitionStream> {
    if (!this.languages.includes(options.language as 'EN'))
      throw new TranslatorError('BAD_REQUEST', `Offline speech recognition hears English only, not '${options.language}'.`);
    const words = options.terms?.length
      ? await pronounceTerms(options.terms, this.tools.phonemizer ? this.tools.paths.espeak : undefined)
      : [];
    for (let attempt = 1; ; attempt++) {
      const process = await this.acquire();
      try {
        await process.loaded;
        await process.open(words);
      } catch (error) {
        // A process that died while idle can be handed out before its exit is seen: the stream goes to the
        // next one (or its replacement). A live process that refused is not trusted with another stream.
        const died = !process.isAlive;
        process.kill();
        if (died && attempt <= this.settings.size) continue;
        throw new TranslatorError('UNAVAILABLE', `Speech recognition failed to start: ${(error as Error).message}`, 5);
      }
      process.listener = options.listener;
      return new RecognitionSession(process, (healthy) => {
        if (healthy) this.release(process);
        else process.kill();
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(new TranslatorError('UNAVAILABLE', 'The service is stopping.', 5));
    }
    const processes = [...this.all];
    for (const process of processes) process.kill();
    await Promise.all(processes.map((process) => process.exited));
  }

  private acquire(): Promise<RecognizerProcess> {
    if (this.closed) return Promise.reject(new TranslatorError('UNAVAILABLE', 'The service is stopping.', 5));
    const ready = this.idle.shift();
    if (ready) return Promise.resolve(ready);
    if (this.all.size < this.settings.size) return Promise.resolve(this.spawn());
    if (this.waiting.length >= this.settings.queueLimit) {
      return Promise.reject(
        new TranslatorError(
          'TOO_MANY_REQUESTS',
          `All ${this.settings.size} speech recognizers are busy and ${this.settings.queueLimit} streams wait; try again shortly.`,
          5,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiting), 1);
          reject(new TranslatorError('UNAVAILABLE', 'No speech recognizer became free in time; try again shortly.', 5));
        }, this.settings.queueTimeoutMs),
      };
      this.waiting.push(waiting);
    });
  }

  private spawn(): RecognizerProcess {
    const process = new RecognizerProcess(this.tools.paths.python, this.tools.workerScript);
    this.all.add(process);
    void process.exited.then(() => {
      this.all.delete(process);
      const index = this.idle.indexOf(process);
      if (index >= 0) this.idle.splice(index, 1);
      if (this.closed) return;
      this.onProcessExit('a speech recognizer process exited; a new one replaces it');
      // The replacement serves the first stream waiting, or waits idle.
      if (this.waiting.length > 0 || this.all.size < this.settings.size) this.release(this.spawn(), false);
    });
    return process;
  }

  private release(process: RecognizerProcess, clean = true): void {
    if (!process.isAlive || this.closed) return;
    process.listener = undefined;
    const waiting = this.waiting.shift();
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.resolve(process);
    } else if (clean || !this.idle.includes(process)) this.idle.push(process);
  }
}
