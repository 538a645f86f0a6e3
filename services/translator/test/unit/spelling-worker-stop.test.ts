import { Worker } from 'node:worker_threads';
import { describe, expect, it } from '@jest/globals';
import { patient } from '@workspace/service-kit/testing';
import { ANSWER, HEADER_BYTES, IDLE, REQUEST, STOP, type SpellingWorkerData } from '../../src/write/spelling-worker.js';

const workerUrl = new URL('../../src/write/spelling-worker.ts', import.meta.url);
const tinyDictionary = new URL('../fixtures/tiny-dictionary/index.aff', import.meta.url).pathname;

async function startWorker(): Promise<{ worker: Worker; control: Int32Array; bytes: Uint8Array }> {
  const shared = new SharedArrayBuffer(HEADER_BYTES + 1024);
  const data: SpellingWorkerData = { dictionary: tinyDictionary, engine: 'nspell', shared };
  const worker = new Worker(workerUrl, { workerData: data });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { worker, control: new Int32Array(shared, 0, 2), bytes: new Uint8Array(shared, HEADER_BYTES) };
}

function ask(control: Int32Array, bytes: Uint8Array, word: string): boolean {
  const { written } = new TextEncoder().encodeInto(word, bytes);
  Atomics.store(control, 1, written);
  Atomics.store(control, 0, REQUEST);
  Atomics.notify(control, 0);
  Atomics.wait(control, 0, REQUEST, patient(5000));
  expect(Atomics.load(control, 0)).toBe(ANSWER);
  const known = bytes[0] === 1;
  Atomics.store(control, 0, IDLE);
  return known;
}

const ended = (worker: Worker, ms: number) =>
  Promise.race([
    new Promise<'ended'>((resolve) => worker.once('exit', () => resolve('ended'))),
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms).unref()),
  ]);

describe('a spelling thread ends when it is told to', () => {
  it('ends on terminate() issued right after an answer, as the thread goes back to waiting (150 times)', async () => {
    // The interleaving that hung CI for 437 s: terminate() landing while the thread re-enters Atomics.wait.
    // With an unbounded wait about 2 in 100 such terminations never completed.
    const stuck: number[] = [];
    const round = async (index: number) => {
      const { worker, control, bytes } = await startWorker();
      expect(ask(control, bytes, 'haus')).toBe(true);
      const exit = ended(worker, patient(10_000));
      void worker.terminate();
      if ((await exit) !== 'ended') {
        stuck.push(index);
        worker.unref();
      }
    };
    for (let batch = 0; batch < 15; batch += 1) {
      await Promise.all(Array.from({ length: 10 }, (_, index) => round(batch * 10 + index)));
    }
    expect(stuck).toEqual([]);
  }, 600_000);

  it('returns from its loop on STOP, answering nothing more', async () => {
    const { worker, control, bytes } = await startWorker();
    expect(ask(control, bytes, 'maisonn')).toBe(false);
    const exit = ended(worker, patient(10_000));
    Atomics.store(control, 0, STOP);
    Atomics.notify(control, 0);
    expect(await exit).toBe('ended');
  });
});
