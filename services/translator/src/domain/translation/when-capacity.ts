import { TranslatorError } from '../translator-error.js';
import type { TranslateTextsDeps } from './translate-texts.js';

// Text requests past the engine's bound get 429 and retry; a background batch (a document's, a voice job's)
// waits its turn instead.
const CAPACITY_WAIT_MS = 250;

/** Runs `work` within the engine's in-flight bound, waiting while it is full (until `signal` aborts). */
export async function whenCapacity<T>(
  deps: TranslateTextsDeps,
  characters: number,
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  for (;;) {
    try {
      return await deps.inflight.run(characters, work);
    } catch (error) {
      if (!(error instanceof TranslatorError && error.code === 'TOO_MANY_REQUESTS')) throw error;
      signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, CAPACITY_WAIT_MS));
    }
  }
}
