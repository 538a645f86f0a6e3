// deepl-node's translateDocument(pdf, ...) with output_format=docx against the running service (deepl-node
// 1.28 has no outputFormat option: the parameter goes in extraRequestParameters, as its README says): the
// PDF's paragraphs come back as an editable docx (read with mammoth) with the text translated, the
// paragraphs in their order, the heading as a heading, the bold run bold and the second page on a
// page of its own; billed like the PDF, a glossary applied as for any document, and Chromium not
// needed. Any other output_format for a PDF is a 400 naming what is allowed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import request from 'supertest';
import { createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';
import { renderPdf } from '../helpers/rendered-fixtures.js';

let ctx: TestContext;
let translator: deepl.Translator;
const dir = mkdtempSync(join(tmpdir(), 'translator-pdf-docx-'));

const LONG = 'The house is big and the cat is black. '.repeat(8);
const PDF = renderPdf(`<html><body style="font-family:serif;font-size:14pt;margin:60px">
<h1 style="font-size:26pt">Good morning</h1>
<p>${LONG}</p>
<p>The dog is <b>very small</b> today.</p>
<p style="break-before:page">Thank you.</p>
</body></html>`);
const PDF_CHARACTERS = `Good morning${LONG.trim()}The dog is very small today.Thank you.`.length;

let status: deepl.DocumentStatus;
let docx: Buffer;
let glossaryDocx: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  translator = new deepl.Translator(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
  const glossary = await translator.createGlossary('pdf', 'en', 'es', new deepl.GlossaryEntries({ entries: { cat: 'minino' } }));
  writeFileSync(join(dir, 'report.pdf'), PDF);
  [status] = await Promise.all([
    translator.translateDocument(join(dir, 'report.pdf'), join(dir, 'report.es.docx'), 'en', 'es', {
      extraRequestParameters: { output_format: 'docx' },
    }),
    translator.translateDocument(PDF, join(dir, 'glossary.es.docx'), 'en', 'es', {
      filename: 'report.pdf',
      extraRequestParameters: { output_format: 'docx' },
      glossary,
    }),
  ]);
  docx = readFileSync(join(dir, 'report.es.docx'));
  glossaryDocx = readFileSync(join(dir, 'glossary.es.docx'));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deepl-node translateDocument, PDF to docx', () => {
  it('returns a docx that mammoth opens, its text translated, paragraphs in order, heading and bold run kept', async () => {
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    const { value: html, messages } = await mammoth.convertToHtml({ buffer: docx });
    expect(messages).toEqual([]);
    const blocks = [...html.matchAll(/<(h1|p)>(.*?)<\/\1>/g)].map((match) => ({ tag: match[1], text: match[2]! }));
    expect(blocks.map((block) => block.tag)).toEqual(['h1', 'p', 'p', 'p']);
    expect(blocks[0]!.text).toMatch(/Buenos días/);
    // The lines of the long paragraph were joined and translated together: every sentence whole.
    expect(blocks[1]!.text.match(/La casa es grande y el gato es negro\./g)).toHaveLength(8);
    expect(blocks[2]!.text).toMatch(/^El perro es <strong>[^<]*pequeño[^<]*<\/strong> hoy\.$/);
    expect(blocks[3]!.text).toMatch(/Gracias/);
    expect(html).not.toMatch(/The house|dog|Thank/);
  });

  it('starts the second page of the PDF on a new page of the docx', () => {
    const xml = new TextDecoder().decode(unzipSync(new Uint8Array(docx))['word/document.xml']);
    expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(1);
    expect(xml).toMatch(/<w:pageBreakBefore\/><\/w:pPr><w:r>(?:(?!<\/w:p>).)*Gracias/);
  });

  it('bills the characters of the text poppler read, as for a PDF written as a PDF', () => {
    expect(status.ok()).toBe(true);
    expect(status.billedCharacters).toBe(PDF_CHARACTERS);
  });

  it('applies a glossary as for any document', async () => {
    const { value } = await mammoth.convertToHtml({ buffer: glossaryDocx });
    expect(value).toMatch(/minino/);
    expect(value).not.toMatch(/gato/);
  });
});

describe('output_format for a PDF', () => {
  const upload = (app: TestContext, outputFormat: string) =>
    request(app.app)
      .post('/v2/document')
      .set('Authorization', `DeepL-Auth-Key ${app.adminKey}`)
      .field('source_lang', 'EN')
      .field('target_lang', 'ES')
      .field('output_format', outputFormat)
      .attach('file', PDF, 'report.pdf');

  const usage = async () =>
    (await request(ctx.app).get('/v2/usage').set('Authorization', `DeepL-Auth-Key ${ctx.adminKey}`)).body.character_count as number;

  it.each(['xlsx', 'html', 'txt'])('refuses %s with a 400 naming what a PDF can be written as, billing nothing', async (format) => {
    const before = await usage();
    expect(before).toBeGreaterThan(0);
    const response = await upload(ctx, format);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      `Value for 'output_format' not supported: '${format}' cannot be written from a .pdf document; allowed: pdf, docx.`,
    );
    expect(await usage()).toBe(before);
  });

  describe('without Chromium', () => {
    let bare: TestContext;
    beforeAll(async () => {
      bare = await createTestContext({
        documentToolPaths: { pdfToHtml: 'pdftohtml', tesseract: 'tesseract', renderer: '/nonexistent/chromium' },
      });
    });
    afterAll(async () => {
      await bare?.close();
    });

    it('translates a PDF to docx (Chromium only writes PDFs) and still refuses a PDF to be written as a PDF', async () => {
      const client = new deepl.Translator(bare.adminKey, deeplClientOptions((await bare.listen()).url));
      const output = join(dir, 'no-chromium.es.docx');
      await client.translateDocument(PDF, output, 'en', 'es', {
        filename: 'report.pdf',
        extraRequestParameters: { output_format: 'docx' },
      });
      const { value } = await mammoth.convertToHtml({ buffer: readFileSync(output) });
      expect(value).toMatch(/<strong>[^<]*pequeño[^<]*<\/strong>/);
      const asPdf = await upload(bare, 'pdf');
      expect(asPdf.status).toBe(400);
      expect(asPdf.body.message).toMatch(/Chromium/);
    });
  });
});
