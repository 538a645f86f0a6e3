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

/** A batcher on a recording pool with a linger (5 ms unless told) that fires only when the test says so. */
function setup(options: { maxBatch?: number; lingerMs?: number } = {}) {
  const { pool, commits } = recordingPool();
  const clock = manualTimers();
  return { commits, clock, batcher: new UsageBatcher(pool, { timers: clock.timers, lingerMs: 5, ...options }) };
}

const entry = (keyId: string): UsageEntry => ({ keyId, period: '2026-11-01', day: '2026-11-23', characters: 10, reportingTag: null });
const settled = (promise: Promise<void>) =>
  promise.then(
    () => 'committed',
    () => 'failed',
  );
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('usage group commit', () => {
  it('by default an entry commits at once when no commit runs, and those arriving during it share the next', async () => {
    const { commits, clock, batcher } = setup({ lingerMs: 0 });
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

  it('the first entry waits the linger, and every entry arriving meanwhile shares its commit', async () => {
    const { commits, clock, batcher } = setup();
    const results = ['a', 'b', 'c'].map((key) => settled(batcher.record(entry(key))));
    expect(commits).toHaveLength(0);
    expect(clock.pending()).toBe(1);
    clock.fire();
    expect(commits.map((c) => c.keys)).toEqual([['a', 'b', 'c']]);
    commits[0]!.finish();
    expect(await Promise.all(results)).toEqual(['committed', 'committed', 'committed']);
  });

  it('entries arriving during a commit go into the next one as soon as it ends', async () => {
    const { commits, clock, batcher } = setup();
    const first = settled(batcher.record(entry('a')));
    clock.fire();
    const second = settled(batcher.record(entry('b')));
    const third = settled(batcher.record(entry('c')));
    expect(clock.pending()).toBe(0);
    expect(commits).toHaveLength(1);
    commits[0]!.finish();
    await first;
    await flush();
    expect(commits.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
    commits[1]!.finish();
    expect(await Promise.all([second, third])).toEqual(['committed', 'committed']);
  });

  it('a full batch commits without waiting for the linger', () => {
    const { commits, batcher } = setup({ maxBatch: 2 });
    void batcher.record(entry('a'));
    void batcher.record(entry('b'));
    expect(commits.map((c) => c.keys)).toEqual([['a', 'b']]);
  });

  it('a failed commit fails the entries it held, and only those', async () => {
    const { commits, clock, batcher } = setup();
    const lost = settled(batcher.record(entry('a')));
    clock.fire();
    const later = settled(batcher.record(entry('b')));
    commits[0]!.fail(new Error('connection reset'));
    expect(await lost).toBe('failed');
    await flush();
    commits[1]!.finish();
    expect(await later).toBe('committed');
  });
});
