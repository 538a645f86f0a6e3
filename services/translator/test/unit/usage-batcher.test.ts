// Scheduling only: which entries go into which commit, and who hears of it. The statement itself is
// proven against PostgreSQL in test/api/usage-batching.test.ts.
import { describe, expect, it } from '@jest/globals';
import type { ConnectionPool } from '../../src/db/database.js';
import { UsageBatcher, type UsageEntry } from '../../src/domain/usage/usage-batcher.js';

function recordingPool() {
  const commits: Array<{ keys: string[]; finish(): void; fail(error: Error): void }> = [];
  const pool = {
    query: (config: { values: unknown[] }) =>
      new Promise((resolve, reject) => {
        commits.push({ keys: config.values[0] as string[], finish: () => resolve({ rows: [] }), fail: reject });
      }),
  } as unknown as ConnectionPool;
  return { pool, commits };
}

function manualTimers() {
  const due: Array<() => void> = [];
  return {
    timers: { setTimeout: (callback: () => void) => due.push(callback) },
    fire: () => due.splice(0).forEach((callback) => callback()),
    pending: () => due.length,
  };
}

/** A batcher on a recording pool whose wait timer (20 ms unless told) fires only when the test says so. */
function setup(options: { maxBatch?: number } = {}) {
  const { pool, commits } = recordingPool();
  const clock = manualTimers();
  return { commits, clock, batcher: new UsageBatcher(pool, { timers: clock.timers, ...options }) };
}

/** Work an entry is recorded alongside, finished when the test says so. */
function work() {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
}

const entry = (keyId: string): UsageEntry => ({ keyId, period: '2026-11-01', day: '2026-11-23', characters: 10, reportingTag: null });
const settled = (promise: Promise<void>) =>
  promise.then(
    () => 'committed',
    () => 'failed',
  );
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('usage group commit', () => {
  it('an entry without work commits at once when no commit runs, and those arriving during it share the next', async () => {
    const { commits, clock, batcher } = setup();
    const first = settled(batcher.record(entry('a')));
    expect(commits.map((c) => c.keys)).toEqual([['a']]);
    const later = ['b', 'c'].map((key) => settled(batcher.record(entry(key))));
    expect(commits).toHaveLength(1);
    commits[0]!.finish();
    expect(await first).toBe('committed');
    await flush();
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
    commits[1]!.finish();
    expect(await Promise.all(later)).toEqual(['committed', 'committed']);
    expect(clock.pending()).toBe(0);
  });

  it('a lone request commits at once, while its work runs: it never waits for the commit', async () => {
    const { commits, clock, batcher } = setup();
    const lone = work();
    const result = settled(batcher.record(entry('a'), lone.promise));
    expect(commits.map((c) => c.keys)).toEqual([['a']]);
    commits[0]!.finish();
    expect(await result).toBe('committed');
    expect(clock.pending()).toBe(0);
  });

  it('while other work runs, an entry waits for its own work, and every entry recorded meanwhile shares that commit', async () => {
    const { commits, batcher } = setup();
    const first = work();
    void batcher.record(entry('a'), first.promise);
    commits[0]!.finish();
    await flush();
    const works = [work(), work(), work()];
    const results = ['b', 'c', 'd'].map((key, index) => settled(batcher.record(entry(key), works[index]!.promise)));
    await flush();
    expect(commits).toHaveLength(1);
    works[0]!.done();
    await flush();
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    commits[1]!.finish();
    expect(await Promise.all(results)).toEqual(['committed', 'committed', 'committed']);
  });

  it('work that fails makes its entry due as well (the meter refunds it after the commit)', async () => {
    const { commits, batcher } = setup();
    const running = work();
    void batcher.record(entry('a'), running.promise);
    commits[0]!.finish();
    const failing = Promise.reject(new Error('engine stopped'));
    const result = settled(batcher.record(entry('b'), failing));
    await flush();
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['b']]);
    commits[1]!.finish();
    expect(await result).toBe('committed');
  });

  it("one key's slow work does not hold another key's usage: the other's commit goes when its own work is done", async () => {
    const { commits, batcher } = setup();
    const running = work();
    void batcher.record(entry('a'), running.promise);
    commits[0]!.finish();
    await flush();
    const slow = work();
    const fast = work();
    const slowResult = settled(batcher.record(entry('slow-key'), slow.promise));
    const fastResult = settled(batcher.record(entry('fast-key'), fast.promise));
    fast.done();
    await flush();
    // The wait limit did not have to pass: the fast key's finished work sent the commit, the slow key's entry with it.
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['slow-key', 'fast-key']]);
    commits[1]!.finish();
    expect(await fastResult).toBe('committed');
    expect(await slowResult).toBe('committed');
  });

  it('an entry waits for its work at most the wait limit', async () => {
    const { commits, clock, batcher } = setup();
    const running = work();
    void batcher.record(entry('a'), running.promise);
    commits[0]!.finish();
    await flush();
    const slow = work();
    const result = settled(batcher.record(entry('b'), slow.promise));
    expect(commits).toHaveLength(1);
    clock.fire();
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['b']]);
    commits[1]!.finish();
    expect(await result).toBe('committed');
  });

  it('a full batch commits without waiting for its work', async () => {
    const { commits, batcher } = setup({ maxBatch: 2 });
    const running = work();
    void batcher.record(entry('a'), running.promise);
    commits[0]!.finish();
    await flush();
    void batcher.record(entry('b'), work().promise);
    void batcher.record(entry('c'), work().promise);
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
  });

  it('a failed commit fails the entries it held, and only those', async () => {
    const { commits, batcher } = setup();
    const lost = settled(batcher.record(entry('a')));
    const later = settled(batcher.record(entry('b')));
    commits[0]!.fail(new Error('connection reset'));
    expect(await lost).toBe('failed');
    await flush();
    commits[1]!.finish();
    expect(await later).toBe('committed');
  });
});
