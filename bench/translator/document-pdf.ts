// PDF translation (issue 30): a 50-page PDF (license paragraphs printed by Chromium, a bold run in every
// third paragraph) through the service's POST /v2/document (upload, status polled every 50 ms,
// download), against the same tools without the layout in the same run: `pdftotext` and
// `apertium eng-spa` on its text, which is what translating the PDF's words alone costs. The ratio says
// what keeping the layout (pdftohtml twice, paragraphs placed, Chromium printing) costs on top. Each
// round also translates the PDF with output_format=docx (pdftohtml -xml once, the paragraphs written as
// a docx, no Chromium). No target: the figures are recorded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../lib/scraper.js';
import { agent } from './client-load.js';
import { licenseParagraphs } from './corpus.js';
import { download, uploadDocument, waitDone } from './document-client.js';
import { serviceBuilt, startTranslator } from './service.js';

const PAGES = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** License paragraphs printed to A4 by Chromium until the PDF has 50 pages. */
function fiftyPagePdf(dir: string): { data: Buffer; characters: number } {
  const paragraphs = licenseParagraphs();
  const parts: string[] = [];
  let characters = 0;
  // About 3,300 characters fill an A4 page at 11pt with these margins: more than 50 pages, then cut to 50.
  for (let index = 0; characters < PAGES * 4000; index++) {
    const text = paragraphs[index % paragraphs.length]!;
    const words = text.split(' ');
    parts.push(
      index % 3 === 0 && words.length > 6
        ? `<p>${escapeHtml(words.slice(0, 3).join(' '))} <b>${escapeHtml(words.slice(3, 5).join(' '))}</b> ${escapeHtml(words.slice(5).join(' '))}</p>`
        : `<p>${escapeHtml(text)}</p>`,
    );
    characters += text.length;
  }
  const html = `<html><head><style>@page { size: A4; margin: 2cm } body { font: 11pt serif }</style></head><body>${parts.join('\n')}</body></html>`;
  writeFileSync(join(dir, 'fifty.html'), html);
  execFileSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--user-data-dir=${join(dir, 'profile')}`,
      '--no-pdf-header-footer',
      `--print-to-pdf=${join(dir, 'full.pdf')}`,
      pathToFileURL(join(dir, 'fifty.html')).href,
    ],
    { stdio: 'ignore' },
  );
  // Keep exactly 50 pages.
  execFileSync('pdfseparate', ['-l', String(PAGES), join(dir, 'full.pdf'), join(dir, 'page-%d.pdf')]);
  execFileSync('pdfunite', [...Array.from({ length: PAGES }, (_, page) => join(dir, `page-${page + 1}.pdf`)), join(dir, 'fifty.pdf')]);
  const data = readFileSync(join(dir, 'fifty.pdf'));
  const text = execFileSync('pdftotext', [join(dir, 'fifty.pdf'), '-'], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
  return { data, characters: text.replace(/\s+/g, ' ').length };
}

const pages = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString('utf8'))?.[1]);

async function serviceRound(url: string, data: Buffer, dir: string): Promise<number> {
  const started = performance.now();
  const handle = await uploadDocument(url, data, 'fifty-pages.pdf');
  await waitDone(url, handle);
  const output = await download(url, handle);
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(join(dir, 'translated.pdf'), output);
  if (pages(join(dir, 'translated.pdf')) !== PAGES) throw new Error('the service changed the page count');
  return seconds;
}

async function docxRound(url: string, data: Buffer, dir: string): Promise<number> {
  const started = performance.now();
  const handle = await uploadDocument(url, data, 'fifty-pages.pdf', { output_format: 'docx' });
  await waitDone(url, handle);
  const output = await download(url, handle);
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(join(dir, 'translated.docx'), output);
  const document = execFileSync('unzip', ['-p', join(dir, 'translated.docx'), 'word/document.xml'], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString('utf8');
  // Each page after the first starts with a page break.
  if ((document.match(/<w:pageBreakBefore\/>/g)?.length ?? 0) !== PAGES - 1) throw new Error('the docx lost pages');
  return seconds;
}

function textOnlyRound(input: string, dir: string): number {
  const started = performance.now();
  // Through files, as the docx bench runs apertium: fed on a pipe from Node, apertium-destxt prints its usage and translates nothing.
  execFileSync('pdftotext', [input, join(dir, 'text.txt')]);
  execFileSync('apertium', ['eng-spa', join(dir, 'text.txt'), join(dir, 'text.es.txt')]);
  const seconds = (performance.now() - started) / 1000;
  if (statSync(join(dir, 'text.es.txt')).size < 1000) throw new Error('apertium translated nothing');
  return seconds;
}

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error('run `pnpm build` first: the bench starts services/translator/dist/server.js');
  const dir = join(tmpdir(), 'bench-documents-pdf');
  mkdirSync(dir, { recursive: true });
  const pdf = fiftyPagePdf(dir);
  const input = join(dir, 'fifty.pdf');
  console.log(`50-page PDF: ${pdf.characters} characters, ${pdf.data.length} bytes`);
  const service = await startTranslator(join(dir, 'translator.log'), { APERTIUM_WARM_PAIRS: 'EN-ES' });
  try {
    await serviceRound(service.url, pdf.data, dir);
    await docxRound(service.url, pdf.data, dir);
    textOnlyRound(input, dir);
    const ours: number[] = [];
    const asDocx: number[] = [];
    const textOnly: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await serviceRound(service.url, pdf.data, dir));
      asDocx.push(await docxRound(service.url, pdf.data, dir));
      textOnly.push(textOnlyRound(input, dir));
      console.log(
        `round ${round + 1}: service ${ours[round]!.toFixed(2)} s (${(PAGES / ours[round]!).toFixed(1)} pages/s), as docx ${asDocx[round]!.toFixed(2)} s (${(PAGES / asDocx[round]!).toFixed(1)} pages/s), pdftotext | apertium ${textOnly[round]!.toFixed(2)} s (${(PAGES / textOnly[round]!).toFixed(1)} pages/s)`,
      );
    }
    const ratios = ours.map((seconds, index) => textOnly[index]! / seconds);
    const docxRatios = asDocx.map((seconds, index) => textOnly[index]! / seconds);
    console.log(
      `median: service ${(PAGES / median(ours)).toFixed(1)} pages/s, as docx ${(PAGES / median(asDocx)).toFixed(1)} pages/s, text only ${(PAGES / median(textOnly)).toFixed(1)} pages/s; ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${median(ratios).toFixed(2)}x; as docx ${docxRatios.map((r) => r.toFixed(2)).join(', ')}, median ${median(docxRatios).toFixed(2)}x`,
    );
  } finally {
    await service.stop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
