// POST /v2/document's wire contract beyond the happy path: who may see a document, downloads once,
// refusals that name what is wrong, billing at upload (456 before work, document counters in the
// analytics) and the quality report.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { auth, createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestContext({ maxDocumentBytes: 64 * 1024, documentWorker: { pollMs: 100 } });
  serverUrl = (await ctx.listen()).url;
});
afterAll(() => ctx.close());

const TEXT = 'The house is big.\nThe cat is black.\n';

function upload(key: string, fileName: string, data: Buffer | string, fields: Record<string, string> = { target_lang: 'ES' }) {
  let call = request(ctx.app).post('/v2/document').set(auth(key));
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', Buffer.from(data), fileName);
}

async function waitUntilDone(key: string, handle: { document_id: string; document_key: string }) {
  for (;;) {
    const status = await request(ctx.app)
      .post(`/v2/document/${handle.document_id}`)
      .set(auth(key))
      .send({ document_key: handle.document_key });
    expect(status.status).toBe(200);
    if (status.body.status === 'done' || status.body.status === 'error') return status.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /v2/document', () => {
  it('answers document_id and document_key, then status done with billed_characters, then the file once', async () => {
    const key = (await ctx.createKey()).secret;
    const created = await upload(key, 'a.txt', TEXT, { target_lang: 'ES', source_lang: 'EN' }).expect(200);
    expect(created.body).toEqual({
      document_id: expect.stringMatching(/^[0-9A-F]{32}$/),
      document_key: expect.stringMatching(/^[0-9A-F]{64}$/),
    });
    const status = await waitUntilDone(key, created.body);
    expect(status).toEqual({ document_id: created.body.document_id, status: 'done', billed_characters: 34 });
    const result = await request(ctx.app)
      .post(`/v2/document/${created.body.document_id}/result`)
      .set(auth(key))
      .type('form')
      .send({ document_key: created.body.document_key })
      .expect(200);
    // DeepL's OpenAPI documents the download as application/octet-stream, whatever the format.
    expect(result.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(result.body).toString('utf8')).toMatch(/casa/);
    expect(result.headers['content-disposition']).toContain('a.txt');
    const again = await request(ctx.app)
      .post(`/v2/document/${created.body.document_id}/result`)
      .set(auth(key))
      .send({ document_key: created.body.document_key });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/Document not found/);
  });

  it('refuses a wrong document_key and another API key with the same 404', async () => {
    const owner = (await ctx.createKey()).secret;
    const other = (await ctx.createKey()).secret;
    const created = (await upload(owner, 'b.txt', TEXT).expect(200)).body;
    const path = `/v2/document/${created.document_id}`;
    for (const [key, documentKey] of [
      [other, created.document_key],
      [owner, 'A'.repeat(64)],
    ] as const) {
      const status = await request(ctx.app).post(path).set(auth(key)).send({ document_key: documentKey });
      expect(status.status).toBe(404);
      expect((await request(ctx.app).post(`${path}/result`).set(auth(key)).send({ document_key: documentKey })).status).toBe(404);
    }
    // deepl-node with the other key: the same refusal, as a DeepLError.
    const client = new deepl.Translator(other, deeplClientOptions(serverUrl));
    await expect(client.getDocumentStatus({ documentId: created.document_id, documentKey: created.document_key })).rejects.toThrow(
      /Not found/,
    );
    // The owner still gets it.
    expect((await waitUntilDone(owner, created)).status).toBe('done');
    expect((await request(ctx.app).post(path).set(auth(owner)).send({})).status).toBe(400);
    expect((await request(ctx.app).post('/v2/document/not-an-id').set(auth(owner)).send({ document_key: 'x' })).status).toBe(404);
  });

  it('refuses formats it does not serve, and files that are not what their extension says, with 400 naming them', async () => {
    const key = (await ctx.createKey()).secret;
    const cases: Array<[string, RegExp]> = [
      ['x.abc', /Invalid file: file extension not supported: '\.abc'/],
      // PDF and images without their tools: deepl-node-pdf-and-images.test.ts.
      ['scan.pdf', /not a readable PDF document/],
      ['photo.png', /not a readable PNG image/],
      ['book.idml', /IDML .* not supported/],
      ['manual.mif', /MIF .* not supported/],
      ['noextension', /file extension not supported/],
    ];
    for (const [name, message] of cases) {
      const response = await upload(key, name, 'data');
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('refuses an output_format the input cannot become, naming it, and accepts another extension of the same format', async () => {
    const key = (await ctx.createKey()).secret;
    const bad = await upload(key, 'a.txt', TEXT, { target_lang: 'ES', output_format: 'docx' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/'output_format' not supported: 'docx'/);
    const created = (await upload(key, 'page.htm', '<p>The cat.</p>', { target_lang: 'ES', output_format: 'html' }).expect(200)).body;
    await waitUntilDone(key, created);
    const result = await request(ctx.app)
      .post(`/v2/document/${created.document_id}/result`)
      .set(auth(key))
      .send({ document_key: created.document_key });
    expect(result.headers['content-disposition']).toContain('page.html');
  });

  it('refuses a file that is not what its extension says, a missing file, a non-multipart body and a bad language', async () => {
    const key = (await ctx.createKey()).secret;
    expect((await upload(key, 'a.docx', 'not a zip')).body.message).toMatch(/not a valid docx document/);
    expect((await upload(key, 'a.json', '{"a":')).body.message).toMatch(/does not parse/);
    const noFile = await request(ctx.app).post('/v2/document').set(auth(key)).field('target_lang', 'ES');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/'file' not specified/);
    const json = await request(ctx.app).post('/v2/document').set(auth(key)).send({ target_lang: 'ES' });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/multipart\/form-data/);
    const language = await upload(key, 'a.txt', TEXT, { target_lang: 'XX' });
    expect(language.status).toBe(400);
    expect(language.body.message).toMatch(/target_lang/);
    const glossary = await upload(key, 'a.txt', TEXT, { target_lang: 'ES', source_lang: 'EN', glossary_id: 'nope' });
    expect(glossary.status).toBe(404);
  });

  it('answers 400, never 5xx, to a malformed multipart body, a second file and a file under another name', async () => {
    const key = (await ctx.createKey()).secret;
    const noBoundary = await request(ctx.app).post('/v2/document').set(auth(key)).set('Content-Type', 'multipart/form-data').send('x');
    expect(noBoundary.status).toBe(400);
    const truncated = await request(ctx.app)
      .post('/v2/document')
      .set(auth(key))
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nThe cat');
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toMatch(/multipart/);
    const two = await request(ctx.app)
      .post('/v2/document')
      .set(auth(key))
      .field('target_lang', 'ES')
      .attach('file', Buffer.from(TEXT), 'a.txt')
      .attach('file', Buffer.from(TEXT), 'b.txt');
    expect(two.status).toBe(400);
    expect(two.body.message).toMatch(/one document per request/);
    const other = await request(ctx.app)
      .post('/v2/document')
      .set(auth(key))
      .field('target_lang', 'ES')
      .attach('document', Buffer.from(TEXT), 'a.txt');
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/'document'/);
  });

  it('answers 413 for a document over the size limit', async () => {
    const key = (await ctx.createKey()).secret;
    const response = await upload(key, 'big.txt', 'a'.repeat(65 * 1024));
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/larger than this server's limit of 65536 bytes/);
  });

  it('bills at upload: 456 before any work past the limit, document characters in the analytics', async () => {
    const limited = await ctx.createKey({ characterLimit: 40n, label: 'documents-limited' });
    // A key without a limit is metered by the group commit (usage-batcher.ts), with the same counter.
    const unlimited = await ctx.createKey({ characterLimit: null, label: 'documents-unlimited' });
    await upload(unlimited.secret, 'a.txt', TEXT).expect(200);
    await upload(limited.secret, 'a.txt', TEXT).expect(200);
    const refused = await upload(limited.secret, 'a.txt', TEXT);
    expect(refused.status).toBe(456);
    const jobs = await ctx.db.documentJob.count({ where: { apiKeyId: limited.id } });
    expect(jobs).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const report = await request(ctx.app)
      .get(`/v2/admin/analytics?start_date=${today}&end_date=${today}&group_by=key`)
      .set(auth(ctx.adminKey))
      .expect(200);
    const usage = report.body.usage_report.key_usages.find(
      (entry: { api_key_label: string }) => entry.api_key_label === 'documents-limited',
    );
    expect(usage.usage.document_translation_characters).toBe(34);
    expect(usage.usage.text_translation_characters).toBe(0);
    expect(usage.usage.total_characters).toBe(34);
    const other = report.body.usage_report.key_usages.find(
      (entry: { api_key_label: string }) => entry.api_key_label === 'documents-unlimited',
    );
    expect(other.usage.document_translation_characters).toBe(34);
  });

  it('accepts unknown parameters (deepl-node extraRequestParameters) and still refuses wrong values of known ones', async () => {
    const key = (await ctx.createKey()).secret;
    await upload(key, 'a.txt', TEXT, { target_lang: 'ES', example_extra_param: 'x' }).expect(200);
    const bad = await upload(key, 'a.txt', TEXT, { target_lang: 'ES', formality: 'very' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/formality/);
  });

  it('reports quality per segment with spans: unknown words, glossary terms placed, memory matches', async () => {
    const key = (await ctx.createKey()).secret;
    const glossary = await request(ctx.app)
      .post('/v2/glossaries')
      .set(auth(ctx.adminKey))
      .send({ name: 'docs', source_lang: 'en', target_lang: 'es', entries: 'cat\tminino', entries_format: 'tsv' })
      .expect(201);
    const memory = await request(ctx.app)
      .post('/v3/translation_memories')
      .set(auth(ctx.adminKey))
      .send({
        name: 'docs',
        source_language: 'en',
        segments: [{ source_text: 'The house is big.', targets: [{ target_language: 'es', target_text: 'La casa es enorme.' }] }],
      })
      .expect(201);
    const created = (
      await upload(key, 'q.txt', 'The cat sees a flurbixon.\nThe house is big.\n', {
        target_lang: 'ES',
        source_lang: 'EN',
        glossary_id: glossary.body.glossary_id,
        translation_memory_id: memory.body.translation_memory_id,
        enable_quality_evaluation: 'true',
      }).expect(200)
    ).body;
    const status = await waitUntilDone(key, created);
    const report = status.quality_report;
    expect(report.segments_total).toBe(2);
    expect(report.memory_matches).toBe(1);
    expect(report.segments).toContainEqual(
      expect.objectContaining({ index: 1, memory_match: true, translation: 'La casa es enorme.', issues: [] }),
    );
    expect(report.unknown_words_checked).toBe(true);
    expect(report.not_judged).toContain('fluency');
    const first = report.segments.find((segment: { index: number }) => segment.index === 0);
    expect(first.glossary_terms).toEqual([
      { source: 'cat', target: 'minino', placed: true, source_span: [4, 7], target_span: expect.any(Array) },
    ]);
    expect(first.issues).toContainEqual(expect.objectContaining({ type: 'unknown_word', text: 'flurbixon', source_span: [15, 24] }));
    const [start, end] = first.glossary_terms[0].target_span;
    expect(first.translation.slice(start, end)).toBe('minino');
  });
});
