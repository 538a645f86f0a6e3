// PDF and image fixtures made by the tools the service itself uses: Chromium prints an HTML page to
// a PDF, or takes a screenshot of it (PNG or JPEG). Also small readers for the tests: poppler's
// pdftotext and pdfinfo, Tesseract, and an image's size from its header.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

function inTemp<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'translator-fixture-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function chromium(dir: string, args: string[], html: string): void {
  writeFileSync(join(dir, 'page.html'), html);
  execFileSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--user-data-dir=${join(dir, 'profile')}`,
      ...args,
      pathToFileURL(join(dir, 'page.html')).href,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
}

export function renderPdf(html: string): Buffer {
  return inTemp((dir) => {
    chromium(dir, ['--no-pdf-header-footer', `--print-to-pdf=${join(dir, 'out.pdf')}`], html);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

export function renderImage(html: string, extension: 'png' | 'jpg', width: number, height: number): Buffer {
  return inTemp((dir) => {
    chromium(
      dir,
      [
        '--hide-scrollbars',
        '--force-device-scale-factor=1',
        `--window-size=${width},${height}`,
        `--screenshot=${join(dir, `out.${extension}`)}`,
      ],
      html,
    );
    return readFileSync(join(dir, `out.${extension}`));
  });
}

export function withFile<T>(data: Buffer, name: string, work: (path: string) => T): T {
  return inTemp((dir) => {
    writeFileSync(join(dir, name), data);
    return work(join(dir, name));
  });
}

export const pdfText = (pdf: Buffer) => withFile(pdf, 'in.pdf', (path) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }));
export const pdfPages = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(withFile(pdf, 'in.pdf', (path) => execFileSync('pdfinfo', [path], { encoding: 'utf8' })))?.[1]);
/** poppler's view of the PDF's text lines, with <b> around bold runs. */
export const pdfXml = (pdf: Buffer) =>
  withFile(pdf, 'in.pdf', (path) => execFileSync('pdftohtml', ['-xml', '-i', '-q', '-stdout', path], { encoding: 'utf8' }));
export const ocrText = (image: Buffer, extension: string, language: string) =>
  withFile(image, `in.${extension}`, (path) =>
    execFileSync('tesseract', [path, 'stdout', '-l', language], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );

/** Width and height from a PNG's IHDR or a JPEG's SOF marker. */
export function imageSize(image: Buffer): { width: number; height: number } {
  if (image.subarray(1, 4).toString('latin1') === 'PNG') return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  let offset = 2;
  while (offset < image.length) {
    const marker = image[offset + 1]!;
    const length = image.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: image.readUInt16BE(offset + 5), width: image.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('not a PNG or JPEG');
}
