// The document worker's claims on real PostgreSQL: fair share between keys, leases, and no polling
// beyond the slow fallback when idle.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@workspace/service-kit';
import { DocumentJobs } from '../../src/domain/documents/document-jobs.js';
import { DocumentWorker } from '../../src/domain/documents/document-worker.js';
import { openDatabase } from '../../src/db/database.js';
import { waitFor } from '../helpers/processes.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let handles: ReturnType<typeof openDatabase>;
let jobs: DocumentJobs;
beforeAll(async () => {
  ctx = await createTestContext({ documentWorker: false });
  handles = openDatabase(ctx.databaseUrl, 3, () => undefined);
  jobs = new DocumentJobs(handles.pool);
});
afterAll(async () => {
  await handles.close();
  await ctx.close();
});

let clock = Date.parse('2026-11-26T00:00:00Z');
async function queue(apiKeyId: string): Promise<string> {
  const id = randomUUID();
  clock += 1000;
  await handles.pool.query(
    `INSERT INTO document_jobs (id, api_key_id, key_hash, status, file_name, input_format, output_format, options, input, billed_characters, created_at, expires_at)
     VALUES ($1, $2, $3, 'queued', 'a.txt', 'txt', 'txt', '{"target_lang":"ES"}', $4, 5, $5, $6)`,
    [id, apiKeyId, 'f'.repeat(64), Buffer.from('Hello'), new Date(clock), new Date(clock + 3600_000)],
  );
  return id;
}

describe('document job claims', () => {
  it('serve another key before a second job of a key that already has one in translation', async () => {
    const busy = await ctx.createKey();
    const other = await ctx.createKey();
    const first = await queue(busy.id);
    const second = await queue(busy.id);
    const third = await queue(busy.id);
    const otherJob = await queue(other.id);
    const now = new Date(clock + 10);
    expect((await jobs.claim(now, 60_000))?.id).toBe(first);
    // The busy key's older jobs wait: the other key's job, queued last, goes next.
    expect((await jobs.claim(now, 60_000))?.id).toBe(otherJob);
    expect((await jobs.claim(now, 60_000))?.id).toBe(second);
    expect((await jobs.claim(now, 60_000))?.id).toBe(third);
    expect(await jobs.claim(now, 60_000)).toBeUndefined();
  });

  it('take a job again once its lease ran out, and the old attempt can no longer write it', async () => {
    const key = await ctx.createKey();
    const id = await queue(key.id);
    const now = new Date(clock + 10);
    const taken = (await jobs.claim(now, 1000))!;
    expect(taken.id).toBe(id);
    expect(await jobs.claim(new Date(now.getTime() + 500), 1000)).toBeUndefined();
    const again = (await jobs.claim(new Date(now.getTime() + 1500), 1000))!;
    expect(again).toMatchObject({ id, attempt: taken.attempt + 1 });
    expect(await jobs.complete(taken, Buffer.from('old'), undefined, now, now)).toBe(false);
    expect(await jobs.heartbeat(taken, now)).toBe(false);
    expect(await jobs.complete(again, Buffer.from('new'), undefined, now, new Date(now.getTime() + 60_000))).toBe(true);
  });

  it('when idle, look only when woken or at the slow poll', async () => {
    let claims = 0;
    const counting = {
      claim: async () => {
        claims += 1;
        return undefined;
      },
      deleteExpired: async () => 0,
    } as unknown as DocumentJobs;
    const worker = new DocumentWorker(
      { jobs: counting, logger: createLogger({ service: 't', level: 'silent' }), now: () => new Date() } as never,
      { concurrency: 2, pollMs: 3_600_000, leaseMs: 60_000, retentionMs: 60_000 },
    );
    worker.start();
    await waitFor(() => claims === 2);
    // Nothing to do, and no poll due for an hour: nothing more is asked.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(claims).toBe(2);
    worker.wake();
    await waitFor(() => claims === 4);
    await worker.close();
  });
});
