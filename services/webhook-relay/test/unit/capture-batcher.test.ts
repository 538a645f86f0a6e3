import { describe, expect, it } from '@jest/globals';
import type { ConnectionPool } from '../../src/db/prisma.js';
import { CaptureBatcher, type CaptureRequest } from '../../src/ingest/capture-batcher.js';

// Scheduling only: which requests go into which commit. Storage itself is proven against PostgreSQL in test/ingest.
function recordingPool() {
  const commits: Array<{ size: number; finish(): void; fail(error: Error): void }> = [];
  const pool = {
    query: (config: { values: unknown[] }) =>
      new Promise((resolve, reject) => {
        const ids = config.values[0] as string[];
        commits.push({ size: ids.length, finish: () => resolve({ rows: [] }), fail: reject });
      }),
  } as unknown as ConnectionPool;
  return { pool, commits };
}

const request = (n: number): CaptureRequest => ({
  tokenHash: Buffer.alloc(32),
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  receivedAt: new Date(0),
  method: 'POST',
  path: '/whep_x',
  query: '',
  headers: [],
  body: Buffer.alloc(0),
  bodySha256: Buffer.alloc(32),
  sourceAddress: null,
  dedupKey: null,
});

describe('capture batching', () => {
  it('lets a small batch wait for the running commit and grow, rather than start a commit of its own', async () => {
    const { pool, commits } = recordingPool();
    const batcher = new CaptureBatcher(pool, { maxConcurrentCommits: 4, minBatchWhileBusy: 3 });
    const answers = [1, 2, 3].map((n) => batcher.capture(request(n)));
    expect(commits.map((commit) => commit.size)).toEqual([1]);
    // The first request committed alone; the next two wait (2 < 3) for it.
    commits[0]!.finish();
    await answers[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits.map((commit) => commit.size)).toEqual([1, 2]);
    commits[1]!.finish();
    await Promise.all(answers);
  });

  it('starts another commit while one runs once enough requests wait', async () => {
    const { pool, commits } = recordingPool();
    const batcher = new CaptureBatcher(pool, { maxConcurrentCommits: 2, minBatchWhileBusy: 3, maxBatch: 10 });
    const answers = [1, 2, 3, 4].map((n) => batcher.capture(request(n)));
    // 1 alone; at the 4th request three wait while the first runs: a second commit takes them.
    expect(commits.map((commit) => commit.size)).toEqual([1, 3]);
    for (const commit of commits) commit.finish();
    await Promise.all(answers);
  });

  it('refuses the requests waiting behind a commit the database did not answer in time, without sending them', async () => {
    const { pool, commits } = recordingPool();
    const batcher = new CaptureBatcher(pool, { maxConcurrentCommits: 2, minBatchWhileBusy: 40 });
    const answers = [1, 2, 3].map((n) =>
      batcher.capture(request(n)).then(
        () => 'stored',
        (error: Error) => error.message,
      ),
    );
    expect(commits.map((commit) => commit.size)).toEqual([1]);
    // A stall: the commit's statement got no answer within the query timeout. The two waiting behind it
    // would wait as long again for a commit of their own; they hear the same answer now (503 at ingest).
    commits[0]!.fail(new Error('Query read timeout'));
    expect(await Promise.all(answers)).toEqual(['Query read timeout', 'Query read timeout', 'Query read timeout']);
    expect(commits).toHaveLength(1);
  });

  it('keeps the waiting requests after a commit failed for another reason', async () => {
    const { pool, commits } = recordingPool();
    const batcher = new CaptureBatcher(pool, { maxConcurrentCommits: 2, minBatchWhileBusy: 40 });
    const answers = [1, 2, 3].map((n) =>
      batcher.capture(request(n)).then(
        () => 'stored',
        (error: Error) => error.message,
      ),
    );
    commits[0]!.fail(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits.map((commit) => commit.size)).toEqual([1, 2]);
    commits[1]!.finish();
    expect(await Promise.all(answers)).toEqual(['terminating connection due to administrator command', 'stored', 'stored']);
  });
});
