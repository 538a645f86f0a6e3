// Issue 41, item 6: a NUL or a lone surrogate in a name, label or other stored text used to answer 500 (PostgreSQL
// refuses them), and a name of only blank or private-use characters showed as nothing. Each is refused with 400
// naming the parameter, in the translator's {"message"} shape.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const engine = enEsEngine(async (segments) => segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' })));

let ctx: TestContext;
let glossaryId: string;
let keyId: string;
let styleId: string;

beforeAll(async () => {
  ctx = await createTestContext({ engine });
  const admin = auth(ctx.adminKey);
  glossaryId = (await request(ctx.app).post('/v3/glossaries').set(admin).send({ name: 'terms', dictionaries: [] }).expect(201)).body
    .glossary_id;
  keyId = (await request(ctx.app).post('/v2/admin/developer-keys').set(admin).send({ label: 'ci' }).expect(200)).body.key_id;
  styleId = (await request(ctx.app).post('/v3/style_rules').set(admin).send({ name: 'house', language: 'es' }).expect(201)).body.style_id;
});
afterAll(() => ctx.close());

type Method = 'post' | 'put' | 'patch';
const dictionary = (entries: string) => ({ source_lang: 'en', target_lang: 'es', entries, entries_format: 'tsv' });
const memory = (name: string, source = 'Hello', target = 'Hola') => ({
  name,
  source_language: 'en',
  segments: [{ source_text: source, targets: [{ target_language: 'es', target_text: target }] }],
});

// Names and labels: refused for NUL, lone surrogates and for showing nothing.
const NAMES: Array<[what: string, method: Method, path: () => string, parameter: string, body: (text: string) => object]> = [
  ['v2 glossary name', 'post', () => '/v2/glossaries', 'name', (text) => ({ name: text, ...dictionary('a\tb') })],
  ['v3 glossary name (create)', 'post', () => '/v3/glossaries', 'name', (text) => ({ name: text, dictionaries: [] })],
  ['v3 glossary name (rename)', 'patch', () => `/v3/glossaries/${glossaryId}`, 'name', (text) => ({ name: text })],
  ['developer key label (create)', 'post', () => '/v2/admin/developer-keys', 'label', (text) => ({ label: text })],
  ['developer key label (rename)', 'put', () => '/v2/admin/developer-keys/label', 'label', (text) => ({ key_id: keyId, label: text })],
  ['style rule name (create)', 'post', () => '/v3/style_rules', 'name', (text) => ({ name: text, language: 'es' })],
  ['style rule name (rename)', 'patch', () => `/v3/style_rules/${styleId}`, 'name', (text) => ({ name: text })],
  [
    'custom instruction label',
    'post',
    () => `/v3/style_rules/${styleId}/custom_instructions`,
    'label',
    (text) => ({ label: text, prompt: 'Be formal.' }),
  ],
  ['translation memory name', 'post', () => '/v3/translation_memories', 'name', (text) => memory(text)],
];
// Other stored text: refused for NUL and lone surrogates (blank is its own rule there). Glossary entries have their
// own check, DeepL's message ("Entry 1 has a control character ...").
const TEXTS: Array<[what: string, method: Method, path: () => string, parameter: string, body: (text: string) => object]> = [
  [
    'custom instruction prompt',
    'post',
    () => `/v3/style_rules/${styleId}/custom_instructions`,
    'prompt',
    (text) => ({ label: 'tone', prompt: `Be ${text}` }),
  ],
  [
    'translation memory source text',
    'post',
    () => '/v3/translation_memories',
    'segments[].source_text',
    (text) => memory('m', `Hi ${text}`),
  ],
  [
    'configured rule value',
    'put',
    () => `/v3/style_rules/${styleId}/configured_rules`,
    'configured_rules.punctuation',
    (text) => ({ punctuation: { quotation_mark: `use ${text}` } }),
  ],
  [
    'memory import file name',
    'post',
    () => '/v3/translation_memories/import',
    'source_file.file_name',
    (text) => ({ source_file: { file_name: `a${text}.tmx`, content_length: 10 } }),
  ],
  ['developer key id', 'put', () => '/v2/admin/developer-keys/deactivate', 'key_id', (text) => ({ key_id: text })],
];
const UNSTORABLE: Array<[what: string, text: string]> = [
  ['a NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
];
const SHOWS_NOTHING: Array<[what: string, text: string]> = [
  ['only braille blanks', '\u2800\u2800'],
  ['only private-use characters', '\ue000\u{F0000}'],
];
const CASES = [
  ...NAMES.flatMap((target) => [...UNSTORABLE, ...SHOWS_NOTHING].map(([what, text]) => [target[0], what, target, text] as const)),
  ...TEXTS.flatMap((target) => UNSTORABLE.map(([what, text]) => [target[0], what, target, text] as const)),
];

describe('text PostgreSQL cannot store, or names that show nothing', () => {
  it.each(CASES)('refuses the %s with %s: 400 naming the parameter', async (_target, _text, [, method, path, parameter, body], text) => {
    const response = await request(ctx.app)
      [method](path())
      .set(auth(ctx.adminKey))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(body(text)));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.stringContaining(`'${parameter}'`) });
  });
});
