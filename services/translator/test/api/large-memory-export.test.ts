// A memory larger than PostgreSQL's 32,767 bind parameters per statement exports whole: reading its
// segments' targets in one statement failed (Prisma P2029) and the export answered 500.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, createTestContext, type TestContext, textBody } from '../helpers/test-app.js';

const SEGMENTS = 33_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const api = () => request(ctx.app);
const key = () => auth(ctx.adminKey);
const pathOf = (url: string) => new URL(url).pathname;

describe('exporting a translation memory of 33,000 segments', () => {
  it('completes and the TMX holds every segment, in order', async () => {
    const tsv = `en\tes\n${Array.from({ length: SEGMENTS }, (_, i) => `source ${i}\ttarget ${i}`).join('\n')}\n`;
    const body = Buffer.from(tsv);
    const created = await api()
      .post('/v3/translation_memories/import')
      .set(key())
      .send({ source_file: { file_name: 'large.tsv', content_length: body.length } })
      .expect(201);
    await api().put(pathOf(created.body.upload_url)).set('Content-Type', 'text/tab-separated-values').send(body).expect(200);
    const imported = await api().get(`/v3/translation_memories/jobs/${created.body.job_id}`).set(key()).expect(200);
    expect(imported.body.results[0]).toMatchObject({ status: 'completed' });
    const memoryId = imported.body.results[0].translation_memory_id as string;

    const started = await api().post(`/v3/translation_memories/${memoryId}/export`).set(key()).expect(202);
    const job = await api().get(`/v3/translation_memories/jobs/${started.body.job_id}`).set(key()).expect(200);
    expect(job.body.results[0]).toMatchObject({ status: 'completed' });
    const file = await api().get(pathOf(job.body.results[0].download_url)).buffer(true).parse(textBody).expect(200);
    const sources = [...(file.body as string).matchAll(/<tuv xml:lang="en"><seg>source (\d+)<\/seg>/g)].map((match) => Number(match[1]));
    expect(sources).toHaveLength(SEGMENTS);
    expect(sources.every((value, index) => value === index)).toBe(true);
    expect(file.body).toContain('<tuv xml:lang="es"><seg>target 32999</seg></tuv>');
  }, 180_000);
});
