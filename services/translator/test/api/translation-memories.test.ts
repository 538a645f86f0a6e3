// Translation memories through the HTTP interface: import jobs (TMX, TSV, CSV) through single-use upload
// URLs, listing, segments, export jobs and downloads, limits, and memory matches on /v2/translate
// (real PostgreSQL; an engine that records what reaches it).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TranslateOptions } from '../../src/engine/engine.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext, textBody } from '../helpers/test-app.js';

const MAX_FILE_BYTES = 4096;
const URL_TTL_MS = 60_000;
let ctx: TestContext;
let clock = new Date('2026-11-24T12:00:00.000Z');
const engineCalls: string[][] = [];
const engine = enEsEngine(async (segments: string[], _options: TranslateOptions) => {
  engineCalls.push(segments);
  return segments.map((text) => ({ text: `[es] ${text}`, detectedSource: 'EN' }));
});

beforeAll(async () => {
  ctx = await createTestContext({ engine, now: () => clock, maxMemoryFileBytes: MAX_FILE_BYTES, memoryUrlTtlMs: URL_TTL_MS });
});
afterAll(() => ctx.close());
beforeEach(() => {
  engineCalls.length = 0;
});

const api = () => request(ctx.app);
const key = () => auth(ctx.adminKey);
const pathOf = (url: string) => new URL(url).pathname;

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>
  <body>
    <tu><tuv xml:lang="en-US"><seg>The red car is fast.</seg></tuv><tuv xml:lang="es-ES"><seg>El coche rojo corre (memoria).</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Press <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> &amp; exit</seg></tuv><tuv xml:lang="es-ES"><seg>Pulse Guardar y salga</seg></tuv><tuv xml:lang="fr-FR"><seg>Appuyez sur Enregistrer</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Only a source</seg></tuv></tu>
  </body>
</tmx>`;

/** The whole deepl-node flow by hand: declare, upload without a key, poll. */
async function importFile(fileName: string, content: string, displayName?: string, contentType?: string) {
  const body = Buffer.from(content);
  const created = await api()
    .post('/v3/translation_memories/import')
    .set(key())
    .send({
      source_file: { file_name: fileName, content_length: body.length, ...(contentType ? { content_type: contentType } : {}) },
      ...(displayName ? { parameters: { display_name: displayName } } : {}),
    })
    .expect(201);
  await api()
    .put(pathOf(created.body.upload_url))
    .set('Content-Type', contentType ?? 'application/xml')
    .send(body)
    .expect(200);
  const job = await api().get(`/v3/translation_memories/jobs/${created.body.job_id}`).set(key()).expect(200);
  return { created: created.body, job: job.body };
}

describe('importing a translation memory', () => {
  it('creates a memory from TMX through an import job, an upload URL without a key, and a completed job', async () => {
    const { created, job } = await importFile('legal.tmx', TMX, 'Legal');
    expect(created).toEqual({
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      upload_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/translation-memory-files\/[\w-]{43}$/),
      expires_at: new Date(clock.getTime() + URL_TTL_MS).toISOString(),
    });
    expect(job).toMatchObject({
      job_id: created.job_id,
      operation: 'import',
      product: 'translation_memory',
      parameters: { display_name: 'Legal' },
      source_file: { file_name: 'legal.tmx' },
    });
    expect(job.results).toEqual([{ status: 'completed', translation_memory_id: expect.any(String), skipped_segment_count: 1 }]);

    const memory = await api().get(`/v3/translation_memories/${job.results[0].translation_memory_id}`).set(key()).expect(200);
    expect(memory.body).toEqual({
      translation_memory_id: job.results[0].translation_memory_id,
      name: 'Legal',
      source_language: 'en',
      target_languages: ['es', 'fr'],
      segment_count: 2,
      creation_time: clock.toISOString(),
      updated_time: clock.toISOString(),
    });
    const segments = await api().get(`/v3/translation_memories/${memory.body.translation_memory_id}/segments`).set(key()).expect(200);
    // Inline codes are dropped, entities decoded.
    expect(segments.body.segments[1]).toMatchObject({
      source_text: 'Press Save & exit',
      targets: [{ target_language: 'es', target_text: 'Pulse Guardar y salga' }, { target_language: 'fr' }],
    });
  });

  it('reads TSV and CSV whose first row names the languages', async () => {
    const tsv = await importFile('terms.tsv', 'en\tes\nHello world\tHola mundo\nGoodbye\tAdiós\n', undefined, 'text/tab-separated-values');
    expect(tsv.job.results[0]).toMatchObject({ status: 'completed', skipped_segment_count: 0 });
    const csv = await importFile('terms.csv', 'en,es,fr\n"Hello, friend","Hola, amigo",Salut\nNo target,,\n', 'CSV memory', 'text/csv');
    expect(csv.job.results[0]).toMatchObject({ status: 'completed', skipped_segment_count: 1 });
    const memory = await api().get(`/v3/translation_memories/${csv.job.results[0].translation_memory_id}`).set(key()).expect(200);
    expect(memory.body).toMatchObject({ name: 'CSV memory', source_language: 'en', target_languages: ['es', 'fr'], segment_count: 1 });
  });

  it.each([
    ['malformed TMX', 'broken.tmx', '<tmx><body><tu></body></tmx>', /not well-formed XML \(line 1, column \d+\)/],
    [
      'a TSV without the language row',
      'plain.tsv',
      'Hello\tHola\n',
      /first row of a TSV translation memory must name the languages, source first \(e\.g\. 'en<TAB>es'\)/,
    ],
    [
      'a TMX without usable units',
      'empty.tmx',
      '<tmx version="1.4"><header srclang="en"/><body></body></tmx>',
      /no translation unit with a en source segment/,
    ],
  ])('fails the job with a reason that says what to fix for %s, storing nothing', async (_case, fileName, content, reason) => {
    const before = await ctx.db.translationMemory.count();
    const { job } = await importFile(fileName, content);
    expect(job.results).toEqual([{ status: 'failed', error: { message: expect.stringMatching(reason) } }]);
    expect(await ctx.db.translationMemory.count()).toBe(before);
    expect((await ctx.db.translationMemoryJob.findUnique({ where: { id: job.job_id } }))?.file).toBeNull();
  });

  it('refuses a declared file over the limit with 413 and bad declarations with 400 naming the parameter', async () => {
    const tooBig = await api()
      .post('/v3/translation_memories/import')
      .set(key())
      .send({ source_file: { file_name: 'a.tmx', content_length: MAX_FILE_BYTES + 1 } })
      .expect(413);
    expect(tooBig.body.message).toMatch(/'source_file\.content_length'.*limit is 4096 bytes/);
    const cases: Array<[object, RegExp]> = [
      [{}, /Parameter 'source_file' not specified/],
      [{ source_file: { file_name: 'a.tmx', content_length: 0 } }, /'source_file\.content_length'/],
      [{ source_file: { file_name: 'a.docx', content_length: 10 } }, /'source_file\.file_name' not supported.*\.tmx, \.tsv or \.csv/],
      [
        { source_file: { file_name: 'a.tmx', content_length: 10 }, parameters: { display_name: 'x'.repeat(1025) } },
        /'parameters\.display_name'.*1024 UTF-8 bytes/,
      ],
      [{ source_file: { file_name: 'a.docx', content_length: 10, colour: 1 } }, /'source_file\.file_name' not supported/],
    ];
    for (const [body, message] of cases)
      expect((await api().post('/v3/translation_memories/import').set(key()).send(body).expect(400)).body.message).toMatch(message);
    expect(await ctx.db.translationMemoryJob.count({ where: { fileName: 'a.docx' } })).toBe(0);
  });

  it('takes an upload once, of the declared size, and not after the URL expired', async () => {
    const declare = (length: number) =>
      api()
        .post('/v3/translation_memories/import')
        .set(key())
        .send({ source_file: { file_name: 'a.tsv', content_length: length } })
        .expect(201);
    const content = 'en\tes\nyes\tsí\n';
    const created = await declare(Buffer.byteLength(content));
    const upload = (body: string) => api().put(pathOf(created.body.upload_url)).set('Content-Type', 'text/plain').send(body);
    expect((await upload(`${content}x`).expect(400)).body.message).toMatch(
      /is \d+ bytes, but the import declared source_file\.content_length/,
    );
    await upload(content).expect(200);
    expect((await upload(content).expect(404)).body.message).toMatch(/not found or already used/);
    expect((await api().put('/translation-memory-files/guessed').send(content).expect(404)).body.message).toMatch(/not found/);

    const late = await declare(10);
    clock = new Date(clock.getTime() + URL_TTL_MS + 1);
    expect((await api().put(pathOf(late.body.upload_url)).send('0123456789').expect(403)).body.message).toMatch(/expired/);
    const job = await api().get(`/v3/translation_memories/jobs/${late.body.job_id}`).set(key()).expect(200);
    expect(job.body.results[0]).toMatchObject({ status: 'expired', error: { message: expect.stringMatching(/create a new import/) } });
  });

  it('refuses an upload body over the size limit with 413', async () => {
    const created = await api()
      .post('/v3/translation_memories/import')
      .set(key())
      .send({ source_file: { file_name: 'a.tmx', content_length: MAX_FILE_BYTES } })
      .expect(201);
    const response = await api()
      .put(pathOf(created.body.upload_url))
      .set('Content-Type', 'application/xml')
      .send('x'.repeat(MAX_FILE_BYTES + 1))
      .expect(413);
    expect(response.body.message).toMatch(/larger than the limit/);
  });

  it('resumes an import left processing by a stopped process', async () => {
    const { resumeMemoryJobs } = await import('../../src/domain/translation-memories/resume-memory-jobs.js');
    const id = '0f0e0d0c-0b0a-4908-8706-050403020100';
    await ctx.db.translationMemoryJob.create({
      data: {
        id,
        operation: 'import',
        status: 'processing',
        fileName: 'r.tsv',
        displayName: 'Resumed',
        file: new Uint8Array(Buffer.from('en\tes\nagain\totra vez\n')),
        createdAt: clock,
        updatedAt: clock,
      },
    });
    const deps = {
      db: ctx.db,
      now: () => clock,
      newId: () => crypto.randomUUID(),
      newToken: () => 'token',
      maxMemoryFileBytes: MAX_FILE_BYTES,
      memoryUrlTtlMs: URL_TTL_MS,
    };
    expect(await resumeMemoryJobs(deps)).toBe(1);
    const job = await api().get(`/v3/translation_memories/jobs/${id}`).set(key()).expect(200);
    expect(job.body.results[0]).toMatchObject({ status: 'completed', translation_memory_id: expect.any(String) });
  });
});

describe('listing, segments, export and delete', () => {
  let memoryId: string;
  beforeAll(async () => {
    await ctx.db.translationMemory.deleteMany();
    const segments = Array.from({ length: 12 }, (_, i) => ({
      source_text: `Sentence ${i}`,
      targets: [{ target_language: 'es', target_text: `Frase ${i}` }],
    }));
    const created = await api()
      .post('/v3/translation_memories')
      .set(key())
      .send({ name: 'Numbers', source_language: 'en', segments })
      .expect(201);
    memoryId = created.body.translation_memory_id;
    for (const name of ['Two', 'Three']) {
      clock = new Date(clock.getTime() + 1000);
      await api()
        .post('/v3/translation_memories')
        .set(key())
        .send({ name, source_language: 'EN', segments: [{ source_text: 'a', targets: [{ target_language: 'es-ES', target_text: 'b' }] }] })
        .expect(201);
    }
  });

  it('lists with page (default 0), page_size (default 10, 1-25) and total_count', async () => {
    const all = await api().get('/v3/translation_memories').set(key()).expect(200);
    expect(all.body.total_count).toBe(3);
    expect(all.body.translation_memories.map((memory: { name: string }) => memory.name)).toEqual(['Numbers', 'Two', 'Three']);
    const second = await api().get('/v3/translation_memories?page=1&page_size=2').set(key()).expect(200);
    expect(second.body).toMatchObject({ total_count: 3, translation_memories: [{ name: 'Three', target_languages: ['es'] }] });
    for (const query of ['page_size=26', 'page_size=0', 'page=-1', 'page=x']) {
      expect((await api().get(`/v3/translation_memories?${query}`).set(key()).expect(400)).body.message).toMatch(
        /Value for 'page(_size)?' not supported/,
      );
    }
  });

  it('pages segments with a cursor and filters them by text', async () => {
    const first = await api().get(`/v3/translation_memories/${memoryId}/segments?page_size=5`).set(key()).expect(200);
    expect(first.body.segments.map((segment: { source_text: string }) => segment.source_text)).toEqual([
      'Sentence 0',
      'Sentence 1',
      'Sentence 2',
      'Sentence 3',
      'Sentence 4',
    ]);
    expect(first.body.segment_count).toBe(12);
    const texts: string[] = [];
    let cursor: string | undefined = first.body.next_page_cursor;
    while (cursor) {
      const page = await api()
        .get(`/v3/translation_memories/${memoryId}/segments`)
        .query({ page_size: 5, page_cursor: cursor })
        .set(key())
        .expect(200);
      texts.push(...page.body.segments.map((segment: { source_text: string }) => segment.source_text));
      cursor = page.body.next_page_cursor;
    }
    expect(texts).toHaveLength(7);
    const filtered = await api()
      .get(`/v3/translation_memories/${memoryId}/segments`)
      .query({ filter_text: 'frase 1' })
      .set(key())
      .expect(200);
    expect(filtered.body.segments.map((segment: { source_text: string }) => segment.source_text)).toEqual([
      'Sentence 1',
      'Sentence 10',
      'Sentence 11',
    ]);
    const caseSensitive = await api()
      .get(`/v3/translation_memories/${memoryId}/segments`)
      .query({ filter_text: 'frase 1', filter_case_sensitive: 'true' })
      .set(key())
      .expect(200);
    expect(caseSensitive.body.segments).toEqual([]);
    expect(
      (await api().get(`/v3/translation_memories/${memoryId}/segments?page_cursor=bogus`).set(key()).expect(400)).body.message,
    ).toMatch(/'page_cursor'/);
  });

  it('exports through a job (202 new, 200 reused) and a single-use download URL without a key', async () => {
    const started = await api().post(`/v3/translation_memories/${memoryId}/export`).set(key()).expect(202);
    expect(started.body).toMatchObject({ operation: 'export', parameters: { translation_memory_id: memoryId } });
    const reused = await api().post(`/v3/translation_memories/${memoryId}/export`).set(key()).expect(200);
    expect(reused.body.job_id).toBe(started.body.job_id);
    const job = await api().get(`/v3/translation_memories/jobs/${started.body.job_id}`).set(key()).expect(200);
    expect(job.body.results[0]).toMatchObject({
      status: 'completed',
      download_url: expect.stringMatching(/\/translation-memory-files\//),
      translation_memory_id: memoryId,
    });

    const file = await api().get(pathOf(job.body.results[0].download_url)).buffer(true).parse(textBody).expect(200);
    expect(file.headers['content-type']).toMatch(/application\/xml/);
    expect(file.body).toContain('<header');
    expect(file.body).toContain('<tuv xml:lang="es"><seg>Frase 11</seg></tuv>');
    await api().get(pathOf(job.body.results[0].download_url)).expect(404);
    expect((await api().get(`/v3/translation_memories/jobs/${started.body.job_id}`).set(key()).expect(200)).body.results[0].status).toBe(
      'downloaded',
    );
    await api().post(`/v3/translation_memories/${memoryId}/export`).set(key()).expect(202);
  });

  it('answers 404 for unknown memories and jobs, and deletes a memory', async () => {
    const unknown = '9b2c1a4e-8f4f-4b8e-9a41-0a5b2f6c1d2e';
    for (const path of [
      `/v3/translation_memories/${unknown}`,
      `/v3/translation_memories/${unknown}/segments`,
      `/v3/translation_memories/jobs/${unknown}`,
      '/v3/translation_memories/not-a-uuid',
    ]) {
      expect((await api().get(path).set(key()).expect(404)).body.message).toMatch(/not found/);
    }
    const [, victim] = (await api().get('/v3/translation_memories').set(key())).body.translation_memories;
    await api().delete(`/v3/translation_memories/${victim.translation_memory_id}`).set(key()).expect(204);
    await api().delete(`/v3/translation_memories/${victim.translation_memory_id}`).set(key()).expect(404);
    expect(await ctx.db.translationMemorySegment.count({ where: { memoryId: victim.translation_memory_id } })).toBe(0);
  });

  it('refuses a JSON memory with bad input, storing nothing', async () => {
    const before = await ctx.db.translationMemory.count();
    const cases: Array<[object, RegExp]> = [
      [{ source_language: 'en', segments: [] }, /Parameter 'name' not specified/],
      [{ name: 'x', source_language: 'en', segments: [] }, /Parameter 'segments' not specified/],
      [
        { name: 'x', source_language: '12', segments: [{ source_text: 'a', targets: [{ target_language: 'es', target_text: 'b' }] }] },
        /'source_language' not supported/,
      ],
      [{ name: 'x', source_language: 'en', segments: [{ source_text: 'a', targets: [] }] }, /'segments\[\]\.targets'/],
    ];
    for (const [body, message] of cases)
      expect((await api().post('/v3/translation_memories').set(key()).send(body).expect(400)).body.message).toMatch(message);
    const big = {
      name: 'big',
      source_language: 'en',
      segments: [{ source_text: 'a'.repeat(MAX_FILE_BYTES), targets: [{ target_language: 'es', target_text: 'b' }] }],
    };
    expect((await api().post('/v3/translation_memories').set(key()).send(big).expect(413)).body.message).toMatch(/limit is 4096 bytes/);
    for (const path of [`/translation-memory-files/${'x'.repeat(100)}`, '/v3/translation_memories/jobs/not-a-uuid']) {
      await api().get(path).set(key()).expect(404);
    }
    await api()
      .put(`/translation-memory-files/${'x'.repeat(100)}`)
      .send('data')
      .expect(404);
    expect(await ctx.db.translationMemory.count()).toBe(before);
  });
});

describe('translation memories on /v2/translate', () => {
  let memoryId: string;
  beforeAll(async () => {
    const created = await api()
      .post('/v3/translation_memories')
      .set(key())
      .send({
        name: 'Cars',
        source_language: 'en',
        segments: [
          { source_text: 'The red car is fast.', targets: [{ target_language: 'es', target_text: 'El coche rojo corre (memoria).' }] },
          { source_text: 'Good morning', targets: [{ target_language: 'es', target_text: 'Buenos días (memoria)' }] },
        ],
      })
      .expect(201);
    memoryId = created.body.translation_memory_id;
  });

  const translate = (body: object) =>
    api()
      .post('/v2/translate')
      .set(key())
      .send({ target_lang: 'ES', translation_memory_id: memoryId, ...body });

  it('applies a 90 % match at threshold 85 and not at 95', async () => {
    // 20 characters, 2 of them changed: similarity 100 * (1 - 2/20) = 90.
    const text = 'The red cat is fast!';
    const applied = await translate({ text: [text], source_lang: 'EN', translation_memory_threshold: 85 }).expect(200);
    expect(applied.body.translations[0].text).toBe('El coche rojo corre (memoria).');
    expect(engineCalls).toEqual([]);
    const refused = await translate({ text: [text], source_lang: 'EN', translation_memory_threshold: 95 }).expect(200);
    expect(refused.body.translations[0].text).toBe(`[es] ${text}`);
    expect(engineCalls).toEqual([[text]]);
  });

  it('sends only the texts without a memory match to the engine, in order (default threshold 75, exact match 100)', async () => {
    const response = await translate({ text: ['Good morning', 'Something else entirely', '  The red car is fast.  '] }).expect(200);
    expect(response.body.translations).toEqual([
      { detected_source_language: 'EN', text: 'Buenos días (memoria)' },
      { detected_source_language: 'EN', text: '[es] Something else entirely' },
      { detected_source_language: 'EN', text: '  El coche rojo corre (memoria).  ' },
    ]);
    expect(engineCalls).toEqual([['Something else entirely']]);
    const exactOnly = await translate({ text: ['Good mornin'], translation_memory_threshold: 100 }).expect(200);
    expect(exactOnly.body.translations[0].text).toBe('[es] Good mornin');
  });

  it('answers 404 for a memory that does not cover the pair, and for an unknown one', async () => {
    const french = await api()
      .post('/v3/translation_memories')
      .set(key())
      .send({
        name: 'French',
        source_language: 'en',
        segments: [{ source_text: 'a', targets: [{ target_language: 'fr', target_text: 'b' }] }],
      })
      .expect(201);
    const wrongTarget = await translate({ text: ['Hi'], translation_memory_id: french.body.translation_memory_id }).expect(404);
    expect(wrongTarget.body.message).toMatch(/Translation Memory '.*' does not support the target language 'ES'/);
    const unknown = await translate({ text: ['Hi'], translation_memory_id: '9b2c1a4e-8f4f-4b8e-9a41-0a5b2f6c1d2e' }).expect(404);
    expect(unknown.body.message).toMatch(/Translation memory '9b2c1a4e-.*' \(named by 'translation_memory_id'\) not found/);
    expect((await translate({ text: ['Hi'], translation_memory_threshold: 'high' }).expect(400)).body.message).toMatch(
      /'translation_memory_threshold'/,
    );
    expect(engineCalls).toEqual([]);
  });
});
