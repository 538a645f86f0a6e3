// The document worker's claims on real PostgreSQL: fair share between keys, leases, and no polling
// beyond the slow fallback when idle.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@workspace/service-kit';
import { DocumentJobs } from '../../src/domain/documents/document-jobs.js';
import { DocumentWorker } from '../../src/domain/documents/document-worker.js';
import { openDatabase } from '../../src/db/database.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { waitFor } from '../helpers/processes.js';
import request from 'supertest';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

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

// Near the real time: the worker's own sweep uses the real clock.
let clock = Date.now() - 3600_000;
async function queue(apiKeyId: string): Promise<string> {
  const id = randomUUID();
  clock += 1000;
  await handles.pool.query(
    `INSERT INTO document_jobs (id, api_key_id, key_hash, status, file_name, input_format, output_format, options, input, billed_characters, created_at, expires_at)
     VALUES ($1, $2, $3, 'queued', 'a.txt', 'txt', 'txt', '{"target_lang":"ES","source_lang":"EN"}', $4, 5, $5, $6)`,
    [id, apiKeyId, 'f'.repeat(64), Buffer.from('Hello'), new Date(clock), new Date(clock + 30 * 24 * 3600_000)],
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

  it('delete documents past their retention, and only those', async () => {
    const key = await ctx.createKey();
    const kept = await queue(key.id);
    const expired = await queue(key.id);
    await handles.pool.query(`UPDATE document_jobs SET expires_at = $2 WHERE id = $1`, [expired, new Date(clock - 1)]);
    expect(await jobs.deleteExpired(new Date(clock))).toBe(1);
    const left = await handles.pool.query<{ id: string }>('SELECT id FROM document_jobs WHERE id = ANY($1::uuid[])', [[kept, expired]]);
    expect(left.rows.map((row) => row.id)).toEqual([kept]);
  });

  it('hand a job in translation back to the queue when the process stops cleanly', async () => {
    const key = await ctx.createKey();
    await handles.pool.query(`UPDATE document_jobs SET status = 'done'`);
    const id = await queue(key.id);
    let started = false;
    // An engine that works until it is told to stop, as a long document would.
    const engine = enEsEngine(
      (_segments, options) =>
        new Promise((_resolve, reject) => {
          started = true;
          options.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        }),
    );
    const worker = ctx.newDocumentWorker({ engine, pollMs: 100 });
    worker.start();
    await waitFor(() => started);
    await worker.close();
    const row = await ctx.db.documentJob.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: 'queued', attempts: 0, leaseUntil: null });
  });

  it('fail a job whose glossary was deleted after the upload, with its message, and give its characters back', async () => {
    const key = await ctx.createKey({ characterLimit: 1000n });
    const glossary = await request(ctx.app)
      .post('/v2/glossaries')
      .set(auth(ctx.adminKey))
      .send({ name: 'gone', source_lang: 'en', target_lang: 'es', entries: 'cat\tgato', entries_format: 'tsv' })
      .expect(201);
    const created = await request(ctx.app)
      .post('/v2/document')
      .set(auth(key.secret))
      .field('source_lang', 'EN')
      .field('target_lang', 'ES')
      .field('glossary_id', glossary.body.glossary_id)
      .attach('file', Buffer.from('The cat.'), 'a.txt')
      .expect(200);
    const used = () => ctx.db.periodUsage.findFirst({ where: { apiKeyId: key.id } });
    expect(Number((await used())!.characters)).toBe(8);
    await request(ctx.app).delete(`/v2/glossaries/${glossary.body.glossary_id}`).set(auth(ctx.adminKey)).expect(204);
    const worker = ctx.newDocumentWorker({ pollMs: 100 });
    worker.start();
    const status = async () =>
      (
        await request(ctx.app)
          .post(`/v2/document/${created.body.document_id}`)
          .set(auth(key.secret))
          .send({ document_key: created.body.document_key })
      ).body;
    let body = await status();
    while (body.status !== 'error') {
      expect(body.status).toMatch(/^(queued|translating)$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = await status();
    }
    await worker.close();
    expect(body.error_message).toMatch(/Glossary .* not found/);
    expect(Number((await used())!.characters)).toBe(0);
    const download = await request(ctx.app)
      .post(`/v2/document/${created.body.document_id}/result`)
      .set(auth(key.secret))
      .send({ document_key: created.body.document_key });
    expect(download.status).toBe(400);
    expect(download.body.message).toMatch(/Document translation failed: Glossary/);
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
