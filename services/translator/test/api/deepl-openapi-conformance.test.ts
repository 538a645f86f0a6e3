// The translator against DeepL's own OpenAPI document (test/fixtures/deepl-openapi.json, v3.11.0): every
// operation outside voice is called on the running app with a valid request (keys, glossaries, a document,
// a style rule list and the rest set up first), and its status and body are validated against the
// operation's response schema with Ajv (strict off for OpenAPI's own keywords such as `example`;
// `nullable` is Ajv's own; `$ref`s resolve inside the document). Voice operations are covered by the voice
// tests: /v3/voice/* is a WebSocket protocol and /v1/jobs/voice/* needs the speech tools.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import request, { type Response } from 'supertest';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
const DOCUMENT = JSON.parse(readFileSync(new URL('../fixtures/deepl-openapi.json', import.meta.url), 'utf8')) as {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content?: Record<string, unknown> }> };
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const NOT_HERE = /^\/(?:v3\/voice\/|v1\/jobs\/voice\/)/;
const SERVED = Object.entries(DOCUMENT.paths)
  .filter(([path]) => !NOT_HERE.test(path))
  .flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
addFormats(ajv);
// OpenAPI's formats that JSON Schema does not define: nothing to check beyond the type.
ajv.addFormat('int64', true);
ajv.addFormat('binary', true);
// DeepL's own examples write the analytics' dates without an offset ("2025-09-29T00:00:00"), which RFC 3339
// (JSON Schema's date-time) requires; the translator answers as DeepL does, so the offset is optional here.
ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?$/i);
ajv.addSchema(DOCUMENT, 'deepl');
const pointer = (...steps: string[]) => steps.map((step) => step.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The documented response for the status, with its content types (a `$ref` to components/responses followed). */
function documentedResponse(method: string, path: string, status: number): { at: string; content: Record<string, unknown> } | undefined {
  const response = DOCUMENT.paths[path]![method.toLowerCase()]!.responses[String(status)];
  if (!response) return undefined;
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    return { at: `#/components/responses/${pointer(name)}`, content: DOCUMENT.components.responses[name]!.content ?? {} };
  }
  return { at: `#/paths/${pointer(path, method.toLowerCase(), 'responses', String(status))}`, content: response.content ?? {} };
}

const validators = new Map<string, ValidateFunction>();
/** Problems of the answer against the operation's documented response; [] when it conforms. */
function conformance(method: string, path: string, response: Response): string[] {
  const documented = documentedResponse(method, path, response.status);
  if (!documented) return [`status ${response.status} is not documented (${JSON.stringify(response.body).slice(0, 300)})`];
  const types = Object.keys(documented.content);
  if (types.length === 0) return response.text ? [`status ${response.status} documents no body, got ${response.text.slice(0, 100)}`] : [];
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!types.includes(type)) return [`content type ${type || '(none)'} is not one of ${types.join(', ')}`];
  if (type !== 'application/json') return [];
  const at = `deepl${documented.at}/content/${pointer(type)}/schema`;
  let validate = validators.get(at);
  if (!validate) {
    validate = ajv.compile({ $ref: at });
    validators.set(at, validate);
  }
  return validate(response.body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`);
}

let ctx: TestContext;
let key: string;
const state: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext({ documentWorker: { pollMs: 50 } });
  key = (await ctx.createKey({ label: 'conformance' })).secret;
});
afterAll(() => ctx.close());

const admin = () => auth(ctx.adminKey);
const api = () => request(ctx.app);
const TODAY = new Date().toISOString().slice(0, 10);
const QUALITY_EXAMPLE = (
  DOCUMENT.paths['/v1/quality-evaluation']!.post as unknown as {
    requestBody: { content: Record<string, { example: unknown }> };
  }
).requestBody.content['application/json']!.example;

// Each operation with a valid request, in an order where every one finds what it needs (created above it,
// deleted below it). `state` carries ids from one to the next.
const CASES: Array<[operation: string, call: () => Promise<Response>]> = [
  [
    'POST /v2/translate',
    () =>
      api()
        .post('/v2/translate')
        .set(auth(key))
        .send({ text: ['The house is big.'], source_lang: 'EN', target_lang: 'ES' }),
  ],
  [
    'POST /v2/write/rephrase',
    () =>
      api()
        .post('/v2/write/rephrase')
        .set(auth(key))
        .send({ text: ['teh report is ready.'], target_lang: 'en-US', writing_style: 'business' }),
  ],
  [
    'POST /v2/write/correct',
    () =>
      api()
        .post('/v2/write/correct')
        .set(auth(key))
        .send({ text: ['teh report is ready.'], target_lang: 'en-US' }),
  ],
  ['GET /v2/usage', () => api().get('/v2/usage').set(auth(key))],
  ['GET /v2/languages', () => api().get('/v2/languages?type=target').set(auth(key))],
  ['GET /v3/languages', () => api().get('/v3/languages?resource=translate_text').set(auth(key))],
  ['GET /v3/languages/resources', () => api().get('/v3/languages/resources').set(auth(key))],
  ['GET /v2/glossary-language-pairs', () => api().get('/v2/glossary-language-pairs').set(auth(key))],
  [
    'POST /v2/document',
    async () => {
      const response = await api()
        .post('/v2/document')
        .set(auth(key))
        .field('target_lang', 'ES')
        .field('source_lang', 'EN')
        .attach('file', Buffer.from('The house is big.\n'), 'a.txt');
      state.documentId = response.body.document_id;
      state.documentKey = response.body.document_key;
      return response;
    },
  ],
  [
    'POST /v2/document/{document_id}',
    async () => {
      for (;;) {
        const response = await api().post(`/v2/document/${state.documentId}`).set(auth(key)).send({ document_key: state.documentKey });
        if (response.status !== 200 || ['done', 'error'].includes(response.body.status)) return response;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  ],
  [
    'POST /v2/document/{document_id}/result',
    () => api().post(`/v2/document/${state.documentId}/result`).set(auth(key)).send({ document_key: state.documentKey }),
  ],
  [
    'POST /v3/glossaries',
    async () => {
      const response = await api()
        .post('/v3/glossaries')
        .set(auth(key))
        .send({ name: 'Terms', dictionaries: [{ source_lang: 'en', target_lang: 'es', entries: 'house\tcasa', entries_format: 'tsv' }] });
      state.glossaryV3 = response.body.glossary_id;
      return response;
    },
  ],
  ['GET /v3/glossaries', () => api().get('/v3/glossaries').set(auth(key))],
  ['GET /v3/glossaries/{glossary_id}', () => api().get(`/v3/glossaries/${state.glossaryV3}`).set(auth(key))],
  [
    'PATCH /v3/glossaries/{glossary_id}',
    () => api().patch(`/v3/glossaries/${state.glossaryV3}`).set(auth(key)).send({ name: 'Renamed terms' }),
  ],
  [
    'PUT /v3/glossaries/{glossary_id}/dictionaries',
    () =>
      api()
        .put(`/v3/glossaries/${state.glossaryV3}/dictionaries`)
        .set(auth(key))
        .send({ source_lang: 'es', target_lang: 'en', entries: 'casa\thouse', entries_format: 'tsv' }),
  ],
  [
    'GET /v3/glossaries/{glossary_id}/entries',
    () => api().get(`/v3/glossaries/${state.glossaryV3}/entries?source_lang=en&target_lang=es`).set(auth(key)),
  ],
  [
    'DELETE /v3/glossaries/{glossary_id}/dictionaries',
    () => api().delete(`/v3/glossaries/${state.glossaryV3}/dictionaries?source_lang=es&target_lang=en`).set(auth(key)),
  ],
  ['DELETE /v3/glossaries/{glossary_id}', () => api().delete(`/v3/glossaries/${state.glossaryV3}`).set(auth(key))],
  [
    'POST /v2/glossaries',
    async () => {
      const response = await api()
        .post('/v2/glossaries')
        .set(auth(key))
        .send({ name: 'Old terms', source_lang: 'en', target_lang: 'es', entries: 'house\tcasa', entries_format: 'tsv' });
      state.glossaryV2 = response.body.glossary_id;
      return response;
    },
  ],
  ['GET /v2/glossaries', () => api().get('/v2/glossaries').set(auth(key))],
  ['GET /v2/glossaries/{glossary_id}', () => api().get(`/v2/glossaries/${state.glossaryV2}`).set(auth(key))],
  [
    'GET /v2/glossaries/{glossary_id}/entries',
    () => api().get(`/v2/glossaries/${state.glossaryV2}/entries`).set(auth(key)).set('Accept', 'text/tab-separated-values'),
  ],
  ['DELETE /v2/glossaries/{glossary_id}', () => api().delete(`/v2/glossaries/${state.glossaryV2}`).set(auth(key))],
  ['GET /v3/translation_memories', () => api().get('/v3/translation_memories').set(auth(key))],
  [
    'POST /v3/style_rules',
    async () => {
      const response = await api()
        .post('/v3/style_rules')
        .set(auth(key))
        .send({ name: 'House style', language: 'es', configured_rules: { style_and_tone: { formality: 'use_formal_tone' } } });
      state.styleId = response.body.style_id;
      return response;
    },
  ],
  ['GET /v3/style_rules', () => api().get('/v3/style_rules?detailed=true').set(auth(key))],
  ['GET /v3/style_rules/{style_id}', () => api().get(`/v3/style_rules/${state.styleId}`).set(auth(key))],
  [
    'PATCH /v3/style_rules/{style_id}',
    () => api().patch(`/v3/style_rules/${state.styleId}`).set(auth(key)).send({ name: 'House style 2' }),
  ],
  [
    'PUT /v3/style_rules/{style_id}/configured_rules',
    () =>
      api()
        .put(`/v3/style_rules/${state.styleId}/configured_rules`)
        .set(auth(key))
        .send({ punctuation: { abbreviations: 'do_not_separate_abbreviated_words' } }),
  ],
  [
    'POST /v3/style_rules/{style_id}/custom_instructions',
    async () => {
      const response = await api()
        .post(`/v3/style_rules/${state.styleId}/custom_instructions`)
        .set(auth(key))
        .send({ label: 'Usted', prompt: 'Address the reader as usted.' });
      state.instructionId = response.body.id;
      return response;
    },
  ],
  [
    'GET /v3/style_rules/{style_id}/custom_instructions/{instruction_id}',
    () => api().get(`/v3/style_rules/${state.styleId}/custom_instructions/${state.instructionId}`).set(auth(key)),
  ],
  [
    'PUT /v3/style_rules/{style_id}/custom_instructions/{instruction_id}',
    () =>
      api()
        .put(`/v3/style_rules/${state.styleId}/custom_instructions/${state.instructionId}`)
        .set(auth(key))
        .send({ label: 'Usted', prompt: 'Always use usted.' }),
  ],
  [
    'DELETE /v3/style_rules/{style_id}/custom_instructions/{instruction_id}',
    () => api().delete(`/v3/style_rules/${state.styleId}/custom_instructions/${state.instructionId}`).set(auth(key)),
  ],
  ['DELETE /v3/style_rules/{style_id}', () => api().delete(`/v3/style_rules/${state.styleId}`).set(auth(key))],
  [
    'POST /v1/quality-evaluation',
    async () => {
      const response = await api()
        .post('/v1/quality-evaluation')
        .set(auth(key))
        .send(QUALITY_EXAMPLE as object);
      state.evaluationId = response.body.job_id;
      return response;
    },
  ],
  ['GET /v1/quality-evaluation/{job_id}', () => api().get(`/v1/quality-evaluation/${state.evaluationId}`).set(auth(key))],
  [
    'POST /v2/admin/developer-keys',
    async () => {
      const response = await api().post('/v2/admin/developer-keys').set(admin()).send({ label: 'conformance team' });
      state.keyId = response.body.key_id;
      return response;
    },
  ],
  ['GET /v2/admin/developer-keys', () => api().get('/v2/admin/developer-keys').set(admin())],
  [
    'PUT /v2/admin/developer-keys/label',
    () => api().put('/v2/admin/developer-keys/label').set(admin()).send({ key_id: state.keyId, label: 'renamed team' }),
  ],
  [
    'PUT /v2/admin/developer-keys/limits',
    () => api().put('/v2/admin/developer-keys/limits').set(admin()).send({ key_id: state.keyId, characters: 5000 }),
  ],
  [
    'PUT /v2/admin/developer-keys/deactivate',
    () => api().put('/v2/admin/developer-keys/deactivate').set(admin()).send({ key_id: state.keyId }),
  ],
  [
    'GET /v2/admin/analytics',
    () => api().get(`/v2/admin/analytics?start_date=${TODAY}&end_date=${TODAY}&group_by=key_and_day`).set(admin()),
  ],
  [
    'GET /v2/admin/analytics/custom-tags',
    () => api().get(`/v2/admin/analytics/custom-tags?start_date=${TODAY}&end_date=${TODAY}`).set(admin()),
  ],
];

describe(`DeepL's OpenAPI ${DOCUMENT.info.version}`, () => {
  it('has a case here for every operation outside voice, and nothing else', () => {
    expect(CASES.map(([operation]) => operation).sort()).toEqual([...SERVED].sort());
  });

  it('answers every operation with a documented success status and a body its schema accepts', async () => {
    const problems: Record<string, string[]> = {};
    for (const [operation, call] of CASES) {
      const [method, path] = operation.split(' ') as [string, string];
      const response = await call();
      const found = [
        ...(response.status >= 300 ? [`status ${response.status}: ${JSON.stringify(response.body)}`] : []),
        ...conformance(method, path, response),
      ];
      if (found.length > 0) problems[operation] = found;
    }
    expect(problems).toEqual({});
  });

  it('answers a refused request with a body DeepL’s error schema accepts', async () => {
    const response = await api()
      .post('/v2/translate')
      .set(auth(key))
      .send({ text: ['x'], target_lang: 'XX' });
    expect(response.status).toBe(400);
    expect(conformance('POST', '/v2/translate', response)).toEqual([]);
  });
});
