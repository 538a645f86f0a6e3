// One stream on one recognizer process: audio goes through as it comes, finish() waits for the last
// utterance, abort() drops everything at once. Either way the process goes back to the pool exactly once.
import { TranslatorError } from '../../domain/translator-error.js';
import type { RecognizerProcess } from './recognizer-process.js';
import { RECOGNIZER_BYTES_PER_MS, type RecognitionStream } from './speech-recognizer.js';

export class RecognitionSession implements RecognitionStream {
  private bytes = 0;
  private done = false;

  constructor(
    private readonly process: RecognizerProcess,
    /** Called once: healthy means the process is clean for the next stream. */
    private readonly giveBack: (healthy: boolean) => void,
  ) {}

  get receivedMs(): number {
    return Math.floor(this.bytes / RECOGNIZER_BYTES_PER_MS);
  }

  write(pcm: Buffer): void {
    if (this.done) return;
    this.bytes += pcm.length;
    this.process.audio(pcm);
  }

  async finish(): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      await this.process.finish();
    } catch (error) {
      this.giveBack(false);
      throw new TranslatorError('UNAVAILABLE', `Speech recognition stopped: ${(error as Error).message}`, 5);
    }
    this.giveBack(true);
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.process.abort().then(
      () => this.giveBack(true),
      () => this.giveBack(false),
    );
  }
}
