// POST /v1/quality-evaluation and GET /v1/quality-evaluation/{job_id} through plain HTTP (deepl-node has no
// method for them): each kind of issue the offline evaluation finds, a clean pair with none, the 400s that
// name what to fix, another key's job as 404, and answers valid against DeepL's own OpenAPI schemas.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const PATH = '/v1/quality-evaluation';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ documentWorker: false });
});
afterAll(() => ctx.close());

interface Issue {
  type: string;
  sub_type: string;
  severity: string;
  explanation: string;
  source_spans: Array<{ start: number; end: number }>;
  target_spans: Array<{ start: number; end: number }>;
}
interface Done {
  job_id: string;
  status: 'done';
  segments: Array<{ segment_index: number; errors: Issue[] }>;
  summary: { overall_score: number; granular_counts: Record<string, Record<string, Record<string, number>>> };
}

type Pair = { source: string; target: string };

async function evaluate(segments: Pair[], metadata: Record<string, string> = {}, key = ctx.adminKey): Promise<Done> {
  const submitted = await request(ctx.app)
    .post(PATH)
    .set(auth(key))
    .send({ metadata: { source_language: 'en', target_language: 'es', ...metadata }, segments })
    .expect(202);
  expect(submitted.body.poll_url).toBe(`${PATH}/${submitted.body.job_id}`);
  const polled = await request(ctx.app).get(submitted.body.poll_url).set(auth(key)).expect(200);
  expect(polled.body.status).toBe('done');
  return polled.body as Done;
}

/** What each issue covers, as [sub_type, severity, source text, target text] (spans are code points). */
function covered(pair: Pair, issues: Issue[]): Array<[string, string, string | undefined, string | undefined]> {
  const cut = (text: string, span: { start: number; end: number } | undefined) =>
    span ? [...text].slice(span.start, span.end).join('') : undefined;
  return issues.map((issue) => [
    issue.sub_type,
    issue.severity,
    cut(pair.source, issue.source_spans[0]),
    cut(pair.target, issue.target_spans[0]),
  ]);
}

async function issuesOf(pair: Pair, metadata?: Record<string, string>) {
  const done = await evaluate([pair], metadata);
  return covered(pair, done.segments[0]!.errors);
}

describe('POST /v1/quality-evaluation finds', () => {
  it('nothing in a faithful translation: no errors, score 100, empty counts', async () => {
    const done = await evaluate([
      { source: 'The report is ready.', target: 'El informe está listo.' },
      { source: 'Revenue rose 5% to 1,200.50 units.', target: 'Los ingresos subieron un 5 % hasta 1.200,50 unidades.' },
    ]);
    expect(done.segments).toEqual([
      { segment_index: 0, errors: [] },
      { segment_index: 1, errors: [] },
    ]);
    expect(done.summary).toEqual({ overall_score: 100, granular_counts: {} });
  });

  it('a number that differs (values compared across separators), with spans on both sides', async () => {
    const pair = { source: 'Revenue rose 5% to 1,200 units.', target: 'Los ingresos subieron un 7 % hasta 1.200 unidades.' };
    expect(await issuesOf(pair)).toEqual([['Mistranslation', 'Major', '5', '7']]);
  });

  it('tags and placeholders missing or added', async () => {
    const pair = { source: 'Click <b>Save</b> to keep {count} files.', target: 'Haga clic en Guardar para conservar %s archivos.' };
    expect(await issuesOf(pair)).toEqual([
      ['Omission', 'Major', '<b>', undefined],
      ['Omission', 'Major', '</b>', undefined],
      ['Omission', 'Major', '{count}', undefined],
      ['Addition', 'Major', undefined, '%s'],
    ]);
  });

  it('entities kept as written: an e-mail address changed, a name and a brand missing', async () => {
    const pair = {
      source: 'Write to help@example.com or ask Anna Kowalczyk about DeepL.',
      target: 'Escriba a ayuda@example.com o pregunte a Anna sobre el traductor.',
    };
    expect(await issuesOf(pair)).toEqual([
      ['Mistranslation', 'Major', 'help@example.com', 'ayuda@example.com'],
      ['Omission', 'Minor', 'Kowalczyk', undefined],
      ['Omission', 'Minor', 'DeepL', undefined],
    ]);
  });

  it('a word copied from the source that the target language does not know, and a misspelt word', async () => {
    const pair = { source: 'The weather is very nice today.', target: 'El weather está muy agradabel hoy.' };
    expect(await issuesOf(pair)).toEqual([
      ['Untranslated text', 'Major', 'weather', 'weather'],
      ['Spelling', 'Minor', undefined, 'agradabel'],
    ]);
  });

  it('a segment left in the source language as a whole (Critical), and an empty target (Critical)', async () => {
    const done = await evaluate([
      { source: 'Please share these results with your teams.', target: 'Please share these results with your teams.' },
      { source: 'Thank you.', target: '  ' },
    ]);
    expect(done.segments.map((segment) => segment.errors.map((issue) => [issue.sub_type, issue.severity]))).toEqual([
      [['Untranslated text', 'Critical']],
      [['Omission', 'Critical']],
    ]);
    expect(done.segments[0]!.errors[0]!.target_spans).toEqual([{ start: 0, end: 'Please share these results with your teams.'.length }]);
  });

  it('a target far shorter than its source', async () => {
    const pair = { source: 'Please share these results with all of your teams by Friday afternoon.', target: 'Comparta esto.' };
    expect(await issuesOf(pair)).toEqual([['Omission', 'Major', undefined, 'Comparta esto.']]);
  });

  it('garbled characters, with spans counted in code points after an emoji', async () => {
    const pair = { source: '🎉 The café is open.', target: '🎉 El cafÃ© está abierto.' };
    const issues = await issuesOf(pair);
    expect(issues).toContainEqual(['Character encoding', 'Major', undefined, 'Ã©']);
  });

  it('glossary terms the target does not use, when metadata.glossary_id names a glossary', async () => {
    const glossary = await request(ctx.app)
      .post('/v2/glossaries')
      .set(auth(ctx.adminKey))
      .send({ name: 'terms', source_lang: 'en', target_lang: 'es', entries: 'report\treporte', entries_format: 'tsv' })
      .expect(201);
    const pair = { source: 'The report is ready.', target: 'El informe está listo.' };
    expect(await issuesOf(pair, { glossary_id: glossary.body.glossary_id })).toEqual([['Mistranslation', 'Major', 'report', undefined]]);
    expect(await issuesOf({ ...pair, target: 'El reporte está listo.' }, { glossary_id: glossary.body.glossary_id })).toEqual([]);
  });

  it('with no spelling dictionary for the target, words Apertium cannot translate copied unchanged (en -> gl)', async () => {
    const pair = { source: 'The zorblax is ready.', target: 'O zorblax está listo.' };
    expect(await issuesOf(pair, { target_language: 'gl' })).toEqual([['Untranslated text', 'Minor', 'zorblax', 'zorblax']]);
  });

  it('counts by type, sub-type and severity, and a lower score for more issues', async () => {
    const done = await evaluate([
      { source: 'Revenue rose 5% in 2025.', target: 'Los ingresos subieron un 7 % en 2024.' },
      { source: 'The weather is nice.', target: 'El weather es agradable.' },
    ]);
    expect(done.summary.granular_counts).toEqual({
      Accuracy: { Mistranslation: { Major: 2 }, 'Untranslated text': { Major: 1 } },
    });
    expect(done.summary.overall_score).toBeLessThan(60);
    expect(done.summary.overall_score).toBeGreaterThan(0);
  });
});

describe('POST /v1/quality-evaluation refuses', () => {
  const post = (body: unknown, key = ctx.adminKey) =>
    request(ctx.app)
      .post(PATH)
      .set(auth(key))
      .send(body as object);
  const metadata = { source_language: 'en', target_language: 'es' };

  it('bad input with 400 naming what to fix', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ segments: [{ source: 'a', target: 'b' }] }, /^metadata is required\.$/],
      [{ metadata: { target_language: 'es' }, segments: [{ source: 'a', target: 'b' }] }, /^metadata\.source_language is required\.$/],
      [{ metadata, segments: [] }, /^segments must hold at least one segment\.$/],
      [{ metadata, segments: [{ target: 'b' }] }, /^segments\[0\]\.source is required\.$/],
      [{ metadata, segments: [{ source: 'a', target: 7 }] }, /^segments\[0\]\.target must be a string\.$/],
      [{ metadata, segments: Array.from({ length: 501 }, () => ({ source: 'a', target: 'b' })) }, /at most 500 segments/],
      [{ metadata, segments: [{ source: 'a'.repeat(10_001), target: 'b' }] }, /^segments\[0\]\.source must be at most 10000 characters\.$/],
      [
        { metadata: { ...metadata, target_language: 'xx' }, segments: [{ source: 'a', target: 'b' }] },
        /'metadata\.target_language' not supported: 'xx'.*\ben\b/,
      ],
      [{ metadata: { source_language: 'en', target_language: 'en-GB' }, segments: [{ source: 'a', target: 'b' }] }, /both en/],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    for (const raw of ['{"metadata": ', '[1, 2]', 'null']) {
      const response = await request(ctx.app).post(PATH).set(auth(ctx.adminKey)).type('json').send(raw);
      expect([response.status, typeof response.body.message]).toEqual([400, 'string']);
    }
    const form = await request(ctx.app).post(PATH).set(auth(ctx.adminKey)).type('form').send('metadata=x');
    expect([form.status, form.body.message]).toEqual([400, expect.stringMatching(/JSON/)]);
    const unknownGlossary = await post({
      metadata: { ...metadata, glossary_id: '6d1ba4b5-7bb2-4c86-9d4a-7b8a1c1e1f00' },
      segments: [{ source: 'a', target: 'b' }],
    });
    expect([unknownGlossary.status, unknownGlossary.body.message]).toEqual([404, expect.stringMatching(/metadata\.glossary_id/)]);
  });

  it('a body over 4 MiB with 413, before reading it as JSON', async () => {
    const segments = Array.from({ length: 450 }, () => ({ source: 'a'.repeat(5000), target: 'b'.repeat(5000) }));
    const response = await post({ metadata, segments });
    expect(response.status).toBe(413);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('a request without a valid key with 403', async () => {
    expect(
      (
        await request(ctx.app)
          .post(PATH)
          .send({ metadata, segments: [{ source: 'a', target: 'b' }] })
      ).status,
    ).toBe(403);
    expect((await request(ctx.app).get(`${PATH}/6d1ba4b5-7bb2-4c86-9d4a-7b8a1c1e1f00`)).status).toBe(403);
  });
});

describe('GET /v1/quality-evaluation/{job_id}', () => {
  it('answers 404 for another key’s job and an unknown id, and 400 for an id that is no UUID', async () => {
    const owner = await ctx.createKey();
    const other = await ctx.createKey();
    const submitted = await request(ctx.app)
      .post(PATH)
      .set(auth(owner.secret))
      .send({ metadata: { source_language: 'en', target_language: 'es' }, segments: [{ source: 'Hello.', target: 'Hola.' }] })
      .expect(202);
    expect(submitted.headers['retry-after']).toBe('0');
    await request(ctx.app).get(submitted.body.poll_url).set(auth(owner.secret)).expect(200);
    const foreign = await request(ctx.app).get(submitted.body.poll_url).set(auth(other.secret)).expect(404);
    expect(foreign.body).toEqual({ message: 'Quality evaluation job not found.' });
    await request(ctx.app).get(`${PATH}/6d1ba4b5-7bb2-4c86-9d4a-7b8a1c1e1f00`).set(auth(owner.secret)).expect(404);
    const malformed = await request(ctx.app).get(`${PATH}/not-a-job`).set(auth(owner.secret)).expect(400);
    expect(malformed.body).toEqual({ message: 'job_id must be a valid UUID.' });
  });

  it('answers what DeepL’s OpenAPI schemas for both operations accept', async () => {
    const openapi = JSON.parse(readFileSync(new URL('../fixtures/deepl-openapi.json', import.meta.url), 'utf8'));
    const operation = (path: string, method: string) => openapi.paths[path][method];
    const submitted = await request(ctx.app)
      .post(PATH)
      .set(auth(ctx.adminKey))
      .send(operation(PATH, 'post').requestBody.content['application/json'].example)
      .expect(202);
    expect(validate(openapi, operation(PATH, 'post').responses['202'].content['application/json'].schema, submitted.body)).toEqual([]);
    const polled = await request(ctx.app).get(submitted.body.poll_url).set(auth(ctx.adminKey)).expect(200);
    expect(polled.body.segments.length).toBe(2);
    expect(
      validate(openapi, operation(`${PATH}/{job_id}`, 'get').responses['200'].content['application/json'].schema, polled.body),
    ).toEqual([]);
    // The validator itself refuses what the schema does not allow.
    expect(
      validate(openapi, operation(`${PATH}/{job_id}`, 'get').responses['200'].content['application/json'].schema, {
        job_id: submitted.body.job_id,
        status: 'done',
      }),
    ).not.toEqual([]);
    const missing = await request(ctx.app).get(`${PATH}/not-a-job`).set(auth(ctx.adminKey)).expect(400);
    expect(
      validate(openapi, operation(`${PATH}/{job_id}`, 'get').responses['400'].content['application/json'].schema, missing.body),
    ).toEqual([]);
  });
});

// The JSON Schema keywords DeepL's quality-evaluation schemas use; any other keyword fails the test, so
// nothing in the schema is silently skipped.
const KNOWN = new Set([
  'type',
  'required',
  'properties',
  'items',
  'enum',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'maxLength',
  'format',
  '$ref',
  'oneOf',
  'additionalProperties',
  'description',
  'example',
  'title',
]);

function validate(
  root: { components: { schemas: Record<string, unknown> } },
  schema: Record<string, unknown>,
  value: unknown,
  at = '$',
): string[] {
  const unknownKeyword = Object.keys(schema).find((keyword) => !KNOWN.has(keyword));
  if (unknownKeyword) return [`${at}: the test's validator does not know '${unknownKeyword}'`];
  if (typeof schema.$ref === 'string')
    return validate(root, root.components.schemas[schema.$ref.split('/').pop()!] as Record<string, unknown>, value, at);
  if (Array.isArray(schema.oneOf)) {
    const passing = schema.oneOf.filter((option) => validate(root, option, value, at).length === 0).length;
    return passing === 1 ? [] : [`${at}: matches ${passing} of oneOf`];
  }
  const problems: string[] = [];
  const type = schema.type as string | undefined;
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;
  if (type && !(type === actual || (type === 'number' && actual === 'integer'))) return [`${at}: ${actual} is not ${type}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof schema.minimum === 'number' && (value as number) < schema.minimum) problems.push(`${at}: below minimum`);
  if (typeof schema.maximum === 'number' && (value as number) > schema.maximum) problems.push(`${at}: above maximum`);
  if (schema.format === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(value)))
    problems.push(`${at}: not a uuid`);
  if (type === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in object)) problems.push(`${at}.${name}: required`);
    for (const [name, property] of Object.entries((schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {})) {
      if (name in object) problems.push(...validate(root, property, object[name], `${at}.${name}`));
    }
  }
  if (type === 'array')
    (value as unknown[]).forEach((item, index) =>
      problems.push(...validate(root, schema.items as Record<string, unknown>, item, `${at}[${index}]`)),
    );
  return problems;
}
