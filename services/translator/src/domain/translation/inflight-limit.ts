import { TranslatorError } from '../translator-error.js';

/** The part of the bound one key may hold: three other keys always find room beside a key at its share. */
export const DEFAULT_SHARE_PER_KEY = 0.25;

// Bounds the characters handed to the engine at once, in all and per key. Past either bound a request is
// refused with 429 before any work (deepl-node retries 429 with backoff) instead of queueing without end.
// The per-key share keeps one key that floods the service (as many requests at once as it likes) from
// holding the whole bound: the others' requests still find room and are never refused because of it.
// Characters in flight are not throughput: a quarter of the default bound (1M characters) is many seconds
// of the engine's work, so a key alone on the service still keeps the engine busy.
export class InflightLimit {
  private inflight = 0;
  private readonly byKey = new Map<string, number>();
  private readonly maxPerKey: number;

  constructor(
    private readonly maxCharacters: number,
    sharePerKey: number = DEFAULT_SHARE_PER_KEY,
  ) {
    this.maxPerKey = Math.max(1, Math.floor(maxCharacters * sharePerKey));
  }

  /** Runs `work` holding `characters` of the bound, for `key` (an API key's id) when one is named. */
  async run<T>(characters: number, work: () => Promise<T>, key?: string): Promise<T> {
    const held = key === undefined ? 0 : (this.byKey.get(key) ?? 0);
    // One request larger than a bound still runs when nothing else holds it.
    if (held > 0 && held + characters > this.maxPerKey) {
      throw new TranslatorError(
        'TOO_MANY_REQUESTS',
        `Too many requests: this key already has ${held} characters in flight (at most ${this.maxPerKey} per key); retry when its earlier requests are answered.`,
        1,
      );
    }
    if (this.inflight > 0 && this.inflight + characters > this.maxCharacters) {
      throw new TranslatorError('TOO_MANY_REQUESTS', 'Too many requests: the translation engine is at capacity; retry shortly.', 1);
    }
    this.inflight += characters;
    if (key !== undefined) this.byKey.set(key, held + characters);
    try {
      return await work();
    } finally {
      this.inflight -= characters;
      if (key !== undefined) {
        const left = (this.byKey.get(key) ?? 0) - characters;
        if (left > 0) this.byKey.set(key, left);
        else this.byKey.delete(key);
      }
    }
  }

  get characters(): number {
    return this.inflight;
  }

  /** Characters `key` holds now. */
  charactersOf(key: string): number {
    return this.byKey.get(key) ?? 0;
  }
}
