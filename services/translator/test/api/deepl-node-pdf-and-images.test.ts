// deepl-node's translateDocument for PDF and images against the running service: a PDF (printed by
// Chromium from HTML) comes back as a PDF whose text (pdftotext) is translated, with its pages and
// bold run; a PNG and a JPEG of rendered text come back as images of the same size and format whose
// text (read again by Tesseract) is translated. Without the tools the upload is a 400 naming them,
// and another key's or a wrong document key answers 404 as deepl-mock does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';
import { imageSize, ocrText, pdfPages, pdfText, pdfXml, renderImage, renderPdf, withFile } from '../helpers/rendered-fixtures.js';

const withPdf = <T>(pdf: Buffer, work: (path: string) => T) => withFile(pdf, 'in.pdf', work);

let ctx: TestContext;
let translator: deepl.Translator;
const dir = mkdtempSync(join(tmpdir(), 'translator-pdf-images-'));
const sources = new Map<string, Buffer>();
const outputs = new Map<string, Buffer>();
const statuses = new Map<string, deepl.DocumentStatus>();

const LONG = 'The house is big and the cat is black. '.repeat(8);
const PDF_HTML = `<html><body style="font-family:serif;font-size:14pt;margin:60px">
<div style="width:200px;height:60px;background:#ffcc00;border:3px solid #990000"></div>
<p>${LONG}</p>
<p>The dog is <b>very small</b> today.</p>
<p style="break-before:page">Thank you.</p>
</body></html>`;
const IMAGE_HTML = `<html><body style="margin:0;background:#ffffff">
<p style="font:30px sans-serif;margin:24px">The house is big.</p>
<p style="font:30px sans-serif;margin:24px">The cat is black.</p>
</body></html>`;

beforeAll(async () => {
  ctx = await createTestContext();
  translator = new deepl.Translator(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
  sources.set('report.pdf', renderPdf(PDF_HTML));
  sources.set('photo.png', renderImage(IMAGE_HTML, 'png', 600, 220));
  sources.set('photo.jpg', renderImage(IMAGE_HTML, 'jpg', 600, 220));
  await Promise.all(
    [...sources].map(async ([name, data]) => {
      const input = join(dir, name);
      const output = join(dir, `es-${name}`);
      writeFileSync(input, data);
      statuses.set(name, await translator.translateDocument(input, output, 'en', 'es'));
      outputs.set(name, readFileSync(output));
    }),
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deepl-node translateDocument, PDF', () => {
  it('returns a PDF whose text is translated, paragraph by paragraph, on the same number of pages', () => {
    const pdf = outputs.get('report.pdf')!;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(pdfPages(sources.get('report.pdf')!));
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toMatch(/casa/);
    expect(text).toMatch(/gato/);
    expect(text).toMatch(/Gracias/);
    expect(text).not.toMatch(/The house/);
    // The lines of the long paragraph were translated together: each sentence is whole in the output.
    expect(text.match(/La casa es grande y el gato es negro\./g)?.length).toBe(8);
  });

  it('keeps the pictures and drawings: the page without its text lies under the translation', () => {
    const pictures = withPdf(outputs.get('report.pdf')!, (path) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }));
    // One background per page (the header and rule lines of the listing come first).
    expect(pictures.trim().split('\n').slice(2)).toHaveLength(pdfPages(outputs.get('report.pdf')!));
  });

  it('keeps the bold run bold', () => {
    const bold = [...pdfXml(outputs.get('report.pdf')!).matchAll(/<b>([^<]*)<\/b>/g)].map((match) => match[1]).join(' ');
    expect(bold).toMatch(/pequeño/);
    expect(bold).not.toMatch(/perro/);
  });

  it('bills the characters of the text poppler read', () => {
    const expected = `${LONG.trim()}The dog is very small today.Thank you.`.length;
    expect(statuses.get('report.pdf')!.billedCharacters).toBe(expected);
  });
});

describe('deepl-node translateDocument, images', () => {
  it.each(['photo.png', 'photo.jpg'])('returns %s as an image of the same format and size with its text translated', (name) => {
    const image = outputs.get(name)!;
    const extension = name.split('.')[1]!;
    expect(image.subarray(0, 4).equals(sources.get(name)!.subarray(0, 4))).toBe(true);
    expect(imageSize(image)).toEqual(imageSize(sources.get(name)!));
    const text = ocrText(image, extension, 'spa');
    expect(text).toMatch(/casa/);
    expect(text).toMatch(/gato/);
    expect(text).not.toMatch(/house/);
    // Tesseract reads the two lines as one paragraph: translated together, billed with the space that joins them.
    expect(statuses.get(name)!.billedCharacters).toBe('The house is big. The cat is black.'.length);
  });
});

describe('document keys (deepl-node)', () => {
  it('answers a wrong document key and another key with 404, as deepl-mock does (deepl-node: Not found)', async () => {
    const handle = await translator.uploadDocument(Buffer.from('The house is big.'), 'en', 'es', { filename: 'note.txt' });
    await expect(translator.getDocumentStatus({ ...handle, documentKey: 'F'.repeat(64) })).rejects.toThrow(/Not found/);
    const other = new deepl.Translator((await ctx.createKey()).secret, deeplClientOptions((await ctx.listen()).url));
    await expect(other.getDocumentStatus(handle)).rejects.toThrow(/Not found/);
    await expect(other.downloadDocument(handle, join(dir, 'stolen.txt'))).rejects.toThrow(/Not found/);
    // The owner still gets it.
    await translator.isDocumentTranslationComplete(handle);
    await translator.downloadDocument(handle, join(dir, 'note.es.txt'));
    expect(readFileSync(join(dir, 'note.es.txt'), 'utf8')).toMatch(/casa/);
  }, 60_000);
});

describe('without the tools', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext({
      documentWorker: false,
      documentToolPaths: { pdfToHtml: '/nonexistent/pdftohtml', tesseract: '/nonexistent/tesseract', renderer: 'chromium' },
    });
  });
  afterAll(async () => {
    await bare?.close();
  });

  const upload = (app: TestContext, name: string, sourceLang = 'EN') =>
    request(app.app)
      .post('/v2/document')
      .set('Authorization', `DeepL-Auth-Key ${app.adminKey}`)
      .field('source_lang', sourceLang)
      .field('target_lang', 'ES')
      .attach('file', sources.get(name)!, name);

  it('refuses a PDF with a 400 naming poppler-utils', async () => {
    const response = await upload(bare, 'report.pdf');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/pdftohtml.*poppler-utils/);
  });

  it('refuses an image with a 400 naming tesseract-ocr', async () => {
    const response = await upload(bare, 'photo.png');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/tesseract-ocr/);
  });

  it('refuses an image in a source language whose OCR data is not installed, naming its package', async () => {
    const response = await upload(ctx, 'photo.png', 'FR');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/tesseract-ocr-fra/);
  });

  it('refuses a file that is not a PDF with a 400', async () => {
    const response = await request(ctx.app)
      .post('/v2/document')
      .set('Authorization', `DeepL-Auth-Key ${ctx.adminKey}`)
      .field('target_lang', 'ES')
      .attach('file', Buffer.from('not a pdf at all'), 'fake.pdf');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/not a readable PDF/);
  });
});
