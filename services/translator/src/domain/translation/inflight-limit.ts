import { TranslatorError } from '../translator-error.js';

// Bounds the characters handed to the engine at once. Past the bound a request is refused with 429
// before any work (deepl-node retries 429 with backoff) instead of queueing without end.
export class InflightLimit {
  private inflight = 0;

  constructor(private readonly maxCharacters: number) {}

  async run<T>(characters: number, work: () => Promise<T>): Promise<T> {
    // One request larger than the bound still runs when nothing else does.
    if (this.inflight > 0 && this.inflight + characters > this.maxCharacters) {
      throw new TranslatorError('TOO_MANY_REQUESTS', 'Too many requests: the translation engine is at capacity; retry shortly.', 1);
    }
    this.inflight += characters;
    try {
      return await work();
    } finally {
      this.inflight -= characters;
    }
  }

  get characters(): number {
    return this.inflight;
  }
}
