// deepl-node 1.28's translateDocument (upload, poll status, download) against the running service,
// for every supported format: the output opens with a real parser, its text is translated, and its
// structure matches the source. The uploads run together, so deepl-node's 5 s polls overlap.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import srtParser2 from 'srt-parser-2';
import xliff from 'xliff';
import { createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';
import { makeDocx, makeOdt, makePptx, makeXlsx } from '../helpers/document-fixtures.js';

let ctx: TestContext;
let translator: deepl.Translator;
const dir = mkdtempSync(join(tmpdir(), 'translator-documents-'));
const outputs = new Map<string, Buffer>();
const statuses = new Map<string, deepl.DocumentStatus>();

const SOURCES: Record<string, Buffer> = {
  'letter.txt': Buffer.from('The house is big.\n\nThe cat is black.\nThank you.\n'),
  'page.html': Buffer.from(
    '<!DOCTYPE html><html><head><title>The black cat</title><style>p { color: red; }</style></head><body><h1>The house</h1><p>The cat is <b>very</b> black.</p><ul><li>Good morning.</li><li>Thank you.</li></ul><img src="house.png" alt="The black cat"/><script>var house = "house";</script></body></html>',
  ),
  'report.docx': makeDocx(
    [
      [{ text: 'The house is big.' }],
      [{ text: 'The cat is ' }, { text: 'very black', bold: true }, { text: '.' }],
      [{ text: 'Thank you.' }],
    ],
    [
      ['The dog', 'The cat'],
      ['Good morning', 'Good night'],
    ],
  ),
  'slides.pptx': makePptx([['The house is big.', 'The cat is black.'], ['Thank you.']]),
  'sheet.xlsx': makeXlsx(['The house', 'The black cat', 'Good morning']),
  'notes.odt': makeOdt('The house', ['The cat is black.', 'The dog is small.']),
  'movie.srt': Buffer.from(
    '1\n00:00:01,000 --> 00:00:02,500\nThe house is big.\n\n2\n00:00:03,000 --> 00:00:05,120\nThe cat is black.\nThe dog is small.\n\n3\n00:01:00,000 --> 00:01:02,000\nThank you.\n',
  ),
  'strings12.xlf': Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="app" source-language="en" datatype="plaintext"><body><trans-unit id="greeting"><source>Good morning.</source></trans-unit><trans-unit id="cat"><source>The cat is <g id="1">black</g>.</source><target>old</target></trans-unit></body></file></xliff>',
  ),
  'strings20.xliff': Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en"><file id="f1"><unit id="house"><segment><source>The house is big.</source></segment></unit><unit id="thanks"><segment><source>Thank you.</source></segment></unit></file></xliff>',
  ),
  'messages.json': Buffer.from(
    JSON.stringify(
      { title: 'The black cat', count: 3, nested: { greeting: 'Good morning.', list: ['Thank you.', 'The house'] }, empty: '' },
      null,
      2,
    ),
  ),
  'catalog.xml': Buffer.from(
    '<?xml version="1.0"?>\n<catalog lang="en"><item id="1" label="house">The house is big.</item><item id="2"><name>The black cat</name><note type="info">Thank you.</note></item></catalog>',
  ),
};

beforeAll(async () => {
  ctx = await createTestContext();
  translator = new deepl.Translator(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
  const glossary = await translator.createGlossary('documents', 'en', 'es', new deepl.GlossaryEntries({ entries: { cat: 'minino' } }));
  const glossaryDocx = makeDocx([[{ text: 'The ' }, { text: 'black cat', bold: true }, { text: ' sleeps.' }]]);
  await Promise.all([
    ...Object.entries(SOURCES).map(async ([name, data]) => {
      const input = join(dir, name);
      const output = join(dir, `es-${name}`);
      writeFileSync(input, data);
      statuses.set(name, await translator.translateDocument(input, output, 'en', 'es'));
      outputs.set(name, readFileSync(output));
    }),
    (async () => {
      const output = join(dir, 'es-glossary.docx');
      await translator.translateDocument(glossaryDocx, output, 'en', 'es', { filename: 'glossary.docx', glossary });
      outputs.set('glossary.docx', readFileSync(output));
    })(),
  ]);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = (name: string) => outputs.get(name)!.toString('utf8');
const unzip = (name: string) => unzipSync(new Uint8Array(outputs.get(name)!));
const parseXml = (xml: string) => new XMLParser({ ignoreAttributes: false, preserveOrder: false }).parse(xml);

describe('deepl-node translateDocument', () => {
  it('reports the billed characters of each document', () => {
    expect(statuses.get('letter.txt')!.billedCharacters).toBe('The house is big.The cat is black.Thank you.'.length);
    for (const status of statuses.values()) expect(status.ok()).toBe(true);
  });

  it('translates txt line by line, keeping blank lines', () => {
    const lines = text('letter.txt').split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/casa/);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/gato/);
  });

  it('translates html text, keeping elements, scripts and styles', () => {
    const html = text('page.html');
    expect(XMLValidator.validate(html.replace('<!DOCTYPE html>', ''))).toBe(true);
    expect(html).toMatch(/<title>[^<]*gato[^<]*<\/title>/);
    expect(html).toMatch(/<b>[^<]+<\/b>/);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('<script>var house = "house";</script>');
    expect(html).toContain('<style>p { color: red; }</style>');
    expect(html).toMatch(/<img src="house.png" alt="[^"]*gato[^"]*"\/>/);
  });

  it('translates docx paragraphs and table cells, keeping bold runs (read back with mammoth)', async () => {
    const source = await mammoth.convertToHtml({ buffer: SOURCES['report.docx']! });
    const result = await mammoth.convertToHtml({ buffer: outputs.get('report.docx')! });
    const count = (html: string, tag: string) => (html.match(new RegExp(`<${tag}>`, 'g')) ?? []).length;
    expect(count(result.value, 'p')).toBe(count(source.value, 'p'));
    expect(count(result.value, 'td')).toBe(4);
    expect(count(result.value, 'strong')).toBe(1);
    expect(result.value).toMatch(/casa/);
    expect(result.value).toMatch(/perro/);
    expect(result.value).not.toMatch(/house/);
  });

  it('applies a glossary inside a docx run, keeping the run bold', async () => {
    const result = await mammoth.convertToHtml({ buffer: outputs.get('glossary.docx')! });
    expect(result.value).toMatch(/<strong>[^<]*minino[^<]*<\/strong>/);
  });

  it('translates pptx slides into well-formed XML with the same paragraphs', () => {
    const files = unzip('slides.pptx');
    const slide = new TextDecoder().decode(files['ppt/slides/slide1.xml']);
    expect(XMLValidator.validate(slide)).toBe(true);
    expect(slide.match(/<a:p>/g)).toHaveLength(2);
    expect(slide).toMatch(/casa/);
    expect(slide).toContain('b="1"');
    expect(Object.keys(files)).toEqual(Object.keys(unzipSync(new Uint8Array(SOURCES['slides.pptx']!))));
  });

  it('translates xlsx shared strings and leaves numbers and formulas alone', () => {
    const files = unzip('sheet.xlsx');
    const strings = new TextDecoder().decode(files['xl/sharedStrings.xml']);
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    expect(XMLValidator.validate(strings)).toBe(true);
    expect(strings.match(/<si>/g)).toHaveLength(3);
    expect(strings).toMatch(/gato/);
    expect(sheet).toBe(new TextDecoder().decode(unzipSync(new Uint8Array(SOURCES['sheet.xlsx']!))['xl/worksheets/sheet1.xml']));
  });

  it('translates odt, keeping the mimetype entry first and stored', () => {
    const files = unzip('notes.odt');
    expect(Object.keys(files)[0]).toBe('mimetype');
    const content = new TextDecoder().decode(files['content.xml']);
    expect(XMLValidator.validate(content)).toBe(true);
    expect(content.match(/<text:span text:style-name="Bold">/g)).toHaveLength(2);
    expect(content).toMatch(/<text:h[^>]*>[^<]*casa/);
  });

  it('translates srt cues with their numbers and timings unchanged (re-parsed)', () => {
    const parser = new srtParser2();
    const before = parser.fromSrt(SOURCES['movie.srt']!.toString('utf8'));
    const after = parser.fromSrt(text('movie.srt'));
    expect(after.map((cue) => [cue.id, cue.startTime, cue.endTime])).toEqual(before.map((cue) => [cue.id, cue.startTime, cue.endTime]));
    expect(after[1]!.text.split('\n')).toHaveLength(2);
    expect(after[0]!.text).toMatch(/casa/);
  });

  it('translates XLIFF 1.2 sources into targets and sets the target language (re-parsed)', async () => {
    const parsed = await xliff.xliff12ToJs(text('strings12.xlf'));
    expect(parsed.targetLanguage).toBe('es');
    const units = parsed.resources.app!;
    expect(units.greeting!.source).toBe('Good morning.');
    expect(String(units.greeting!.target)).toMatch(/Buenos/);
    expect(JSON.stringify(units.cat!.target)).toContain('"id":"1"');
    expect(JSON.stringify(units.cat!.target)).not.toContain('old');
  });

  it('translates XLIFF 2.0 and sets trgLang (re-parsed)', async () => {
    const parsed = await xliff.xliff2js(text('strings20.xliff'));
    expect(parsed.targetLanguage).toBe('es');
    expect(String(parsed.resources.f1!.house!.target)).toMatch(/casa/);
  });

  it('translates JSON string values and keeps keys, numbers and layout', () => {
    const result = JSON.parse(text('messages.json'));
    expect(Object.keys(result)).toEqual(['title', 'count', 'nested', 'empty']);
    expect(result.count).toBe(3);
    expect(result.title).toMatch(/gato/);
    expect(result.nested.list).toHaveLength(2);
    expect(text('messages.json')).toMatch(/^\{\n {2}"title"/);
  });

  it('translates XML text nodes and keeps every attribute', () => {
    const xml = text('catalog.xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parseXml(xml);
    expect(parsed.catalog['@_lang']).toBe('en');
    expect(parsed.catalog.item[0]['@_label']).toBe('house');
    expect(parsed.catalog.item[0]['#text']).toMatch(/casa/);
    expect(parsed.catalog.item[1].note['@_type']).toBe('info');
  });
});
