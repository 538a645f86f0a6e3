import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ApertiumRunner } from '../../src/engine/apertium/apertium-runner.js';
import { EngineError } from '../../src/engine/engine-error.js';
import { childPids, fakeModesDir, isAlive, waitFor } from '../helpers/processes.js';

const EN_ES = { source: 'en', target: 'es' };

describe('chain failures', () => {
  it('restarts a chain whose process was killed, and the next translation works', async () => {
    const engine = new ApertiumRunner({ chainsPerPair: 1 });
    try {
      await engine.translate(['Hello world.'], EN_ES);
      const before = await engine.processIds();
      process.kill(before[4]!, 'SIGKILL');
      await waitFor(() => !before.some(isAlive));
      expect((await engine.translate(['Hello world.'], EN_ES))[0]!.text).toBe('Hola Mundo.');
      const after = await engine.processIds();
      expect(after).toHaveLength(before.length);
      expect(after.some((pid) => before.includes(pid))).toBe(false);
    } finally {
      await engine.close();
    }
  });

  it('retries segments in flight when a stage dies under them', async () => {
    const engine = new ApertiumRunner({ chainsPerPair: 1 });
    try {
      await engine.translate(['warm up'], EN_ES);
      const [first] = await engine.processIds();
      const segments = Array.from({ length: 100 }, (_, i) => `Sentence ${i} says that the dog is happy.`);
      const work = engine.translate(segments, EN_ES);
      process.kill(first!, 'SIGKILL');
      const results = await work;
      results.forEach((result, i) => expect(result.text).toBe(`Frase ${i} dice que el perro es feliz.`));
    } finally {
      await engine.close();
    }
  });

  it('times out a stuck segment with a TIMEOUT EngineError, kills the chain and recovers', async () => {
    // Long enough that a loaded machine never times out the healthy segments (a 300 ms budget did under load);
    // a chain's first segment, which waits for the chain to start, has the start allowance on top.
    const engine = new ApertiumRunner({ modesDir: fakeModesDir(), chainsPerPair: 1, timeoutBaseMs: 3000, timeoutPerCharMs: 0 });
    const FAKE = { source: 'xxx', target: 'yyy' };
    try {
      expect(await engine.translate(['before [x]'], FAKE)).toEqual([{ text: 'before [x]', detectedSource: 'xxx' }]);
      const stuckPids = await engine.processIds();
      const started = Date.now();
      const error = await engine.translate(['STUCK here'], FAKE).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2990);
      expect(stuckPids.some(isAlive)).toBe(false);
      expect(await engine.translate(['after'], FAKE)).toEqual([{ text: 'after', detectedSource: 'xxx' }]);
    } finally {
      await engine.close();
    }
  });

  it('scales the timeout with segment length', async () => {
    const engine = new ApertiumRunner({
      modesDir: fakeModesDir(),
      chainsPerPair: 1,
      timeoutBaseMs: 100,
      timeoutPerCharMs: 1,
      startAllowanceMs: 0,
    });
    try {
      const started = Date.now();
      await expect(engine.translate([`STUCK ${'x'.repeat(400)}`], { source: 'xxx', target: 'yyy' })).rejects.toMatchObject({
        code: 'TIMEOUT',
      });
      // 100 ms + 1 ms per stream character (about 410).
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    } finally {
      await engine.close();
    }
  });

  it('gives a freshly started chain its start allowance before its first answer counts as late', async () => {
    const FAKE = { source: 'xxx', target: 'yyy' };
    // The stage takes 1 s to load; the base budget is 200 ms.
    const budget = { chainsPerPair: 1, timeoutBaseMs: 200, timeoutPerCharMs: 0 };
    const patient = new ApertiumRunner({ modesDir: fakeModesDir({ loadMs: 1000 }), ...budget, startAllowanceMs: 30_000 });
    const hasty = new ApertiumRunner({ modesDir: fakeModesDir({ loadMs: 1000 }), ...budget, startAllowanceMs: 0 });
    try {
      expect(await patient.translate(['first'], FAKE)).toEqual([{ text: 'first', detectedSource: 'xxx' }]);
      await expect(hasty.translate(['first'], FAKE)).rejects.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      await Promise.all([patient.close(), hasty.close()]);
    }
  });

  it('answers a segment whose chain was restarted twice under it, by crashes of other segments', async () => {
    // One request of three texts, sent in this order: CRASH:a kills the chain the first time it is read,
    // CRASH:b the second. The plain text was at neither crash's cause, and is answered all the same.
    const marksDir = mkdtempSync(join(tmpdir(), 'translator-marks-'));
    const engine = new ApertiumRunner({ modesDir: fakeModesDir({ marksDir }), chainsPerPair: 1 });
    const FAKE = { source: 'xxx', target: 'yyy' };
    try {
      const results = await engine.translate(['CRASH:a here', 'CRASH:b here', 'plain text'], FAKE);
      expect(results.map((result) => result.text)).toEqual(['CRASH:a here', 'CRASH:b here', 'plain text']);
      expect(existsSync(join(marksDir, 'a')) && existsSync(join(marksDir, 'b'))).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('fails a segment that crashes every chain it meets, after a chain of its own', async () => {
    const engine = new ApertiumRunner({ modesDir: fakeModesDir(), chainsPerPair: 1 });
    const FAKE = { source: 'xxx', target: 'yyy' };
    try {
      await expect(engine.translate(['POISON'], FAKE)).rejects.toMatchObject({ code: 'EXITED' });
      expect(await engine.translate(['after'], FAKE)).toEqual([{ text: 'after', detectedSource: 'xxx' }]);
    } finally {
      await engine.close();
    }
  });

  // Two keys' requests at once, in the one chain of the pair: the first sends texts that break every chain they
  // meet, as many as it likes; the second, plain texts. A crash does not say whose text caused it, and a text that
  // hangs times out only as the head, so every other segment in the chain is sent again: the plain ones must not
  // run out of chains for the first request's texts. A crash is at once; each hanging text is the head of a chain in
  // turn, so those chains give a fresh chain's first answer 4 s in all and the next ones 2 s: room for a starved
  // machine, short enough for four timeouts in a test.
  it.each([
    ['crash', 'POISON', 8, 'EXITED', {}],
    ['hang', 'STUCK', 4, 'TIMEOUT', { timeoutBaseMs: 2000, timeoutPerCharMs: 0, startAllowanceMs: 2000 }],
  ])(
    "answers every segment of one request while another request's segments %s the shared chain each time",
    async (_, marker, count, code, budget) => {
      const engine = new ApertiumRunner({ modesDir: fakeModesDir(), chainsPerPair: 1, ...budget });
      const FAKE = { source: 'xxx', target: 'yyy' };
      try {
        const breaking = engine.translate(
          Array.from({ length: count }, (_, index) => `${marker} ${index}`),
          FAKE,
        );
        const plain = Array.from({ length: 2 * count + 4 }, (_, index) => `plain ${index}`);
        const answered = engine.translate(plain, FAKE);
        await expect(breaking).rejects.toMatchObject({ code });
        expect((await answered).map((result) => result.text)).toEqual(plain);
      } finally {
        await engine.close();
      }
    },
  );

  it('does not time out an answer that reached the pipe in time while the event loop was busy', async () => {
    // The stage answers LATE 200 ms after it arrives, well inside the 3 s budget (a starved machine has room);
    // this process is kept busy until the answer is written and the budget has passed, so the timer and the
    // answer are both due when the loop runs again. The answer was in time and must win.
    const marksDir = mkdtempSync(join(tmpdir(), 'translator-marks-'));
    const budgetMs = 3000;
    const engine = new ApertiumRunner({
      modesDir: fakeModesDir({ marksDir }),
      chainsPerPair: 1,
      timeoutBaseMs: budgetMs,
      timeoutPerCharMs: 0,
    });
    const FAKE = { source: 'xxx', target: 'yyy' };
    try {
      await engine.translate(['warm up'], FAKE);
      const queued = Date.now();
      const work = engine.translate(['LATE answer'], FAKE);
      await waitFor(() => existsSync(join(marksDir, 'received')), 30_000);
      // Busy from the check phase on: the next turn of the loop runs its due timers before it reads any pipe.
      await new Promise((resolve) => setImmediate(resolve));
      while (!existsSync(join(marksDir, 'answered')) || Date.now() - queued < budgetMs + 100) {
        if (Date.now() - queued > 60_000) throw new Error('the stage never answered');
      }
      expect(await work).toEqual([{ text: 'LATE answer', detectedSource: 'xxx' }]);
    } finally {
      await engine.close();
    }
  });

  it('close() leaves no child processes and refuses later work', async () => {
    const engine = new ApertiumRunner({ chainsPerPair: 2 });
    await engine.translate(
      Array.from({ length: 20 }, () => 'The dog is happy.'),
      EN_ES,
    );
    const pids = await engine.processIds();
    expect(pids).toHaveLength(22);
    await engine.close();
    expect(pids.filter(isAlive)).toEqual([]);
    expect(childPids()).toEqual([]);
    await expect(engine.translate(['x'], EN_ES)).rejects.toMatchObject({ code: 'CLOSED' });
  });
});
