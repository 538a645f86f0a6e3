// PDF and images are not edited in place: each is converted to HTML that keeps where its text was
// (pdf-layout.ts, image-layout.ts), the HTML goes through the HTML format like an uploaded page, and
// the translated HTML is rendered back to the upload's format by Chromium. A PDF asked for as docx
// (output_format=docx) is instead written as a docx from the same paragraphs (pdf-docx.ts), which then
// goes through the docx format like an uploaded one. Whether the tools are installed is known from
// boot (document-tools.ts); without them the upload is refused, naming them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type DocumentInfo, UnreadableDocument } from '../formats/document-format.js';
import { DOCX } from '../formats/office-zip.js';
import { HTML } from '../formats/text-formats.js';
import { type DocumentTools, tesseractLanguageOf } from './document-tools.js';
import { ocrTsvToHtml } from './image-layout.js';
import { pdfPagesToDocx } from './pdf-docx.js';
import { pdfXmlToHtml, readPdfPages } from './pdf-layout.js';
import { inTempDir, runTool, ToolFailed } from './run-tool.js';

export const CONVERTED_CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export function isConverted(extension: string): boolean {
  return extension in CONVERTED_CONTENT_TYPES;
}

/** `count`: only the segments are needed (the upload bills them); `translate`: the file is written again. */
export type DocumentPurpose = 'count' | 'translate';

export interface ConvertedDocument {
  segments: string[];
  rebuild(translated: string[], signal?: AbortSignal): Promise<Buffer>;
}

/** Whether the translation is written by Chromium (a PDF or an image) rather than as a docx. */
const rendered = (extension: string, outputFormat: string | undefined) => !(extension === 'pdf' && outputFormat === 'docx');

/** Why this server cannot translate a PDF or image (the tools or the language data are missing), or undefined when it can. */
export function conversionRefusal(
  tools: DocumentTools,
  extension: string,
  sourceLang: string | undefined,
  outputFormat?: string,
): string | undefined {
  const renderer =
    tools.renderer || !rendered(extension, outputFormat)
      ? undefined
      : `Chromium ('${tools.paths.renderer}', Debian package chromium) to write the translated ${extension === 'pdf' ? 'PDF' : 'image'}`;
  if (extension === 'pdf') {
    const missing = [
      ...(tools.pdfToHtml ? [] : [`poppler's pdftohtml ('${tools.paths.pdfToHtml}', Debian package poppler-utils) to read the PDF's text`]),
      ...(renderer ? [renderer] : []),
    ];
    return missing.length
      ? `PDF translation is not available on this server: it needs ${missing.join(' and ')}, and it is not installed.`
      : undefined;
  }
  if (!tools.ocrLanguages) {
    return `Image translation is not available on this server: it needs OCR (Tesseract, '${tools.paths.tesseract}', Debian packages tesseract-ocr and tesseract-ocr-<language>)${renderer ? ` and ${renderer}` : ''}, and it is not installed.`;
  }
  if (renderer) return `Image translation is not available on this server: it needs ${renderer}, and it is not installed.`;
  if (tools.ocrLanguages.size === 0)
    return 'Image translation is not available on this server: Tesseract has no language data installed (Debian packages tesseract-ocr-<language>).';
  if (sourceLang) {
    const language = tesseractLanguageOf(sourceLang);
    if (!language || !tools.ocrLanguages.has(language)) {
      return `Images in source language '${sourceLang}' cannot be translated on this server: Tesseract's data for it (${language ? `Debian package tesseract-ocr-${language.replace('_', '-')}` : 'none known'}) is not installed. Installed: ${[...tools.ocrLanguages].join(', ')}.`;
    }
  }
  return undefined;
}

export async function openConverted(
  tools: DocumentTools,
  extension: string,
  input: Buffer,
  info: DocumentInfo & { sourceLang?: string },
  purpose: DocumentPurpose = 'translate',
  outputFormat?: string,
): Promise<ConvertedDocument> {
  if (!rendered(extension, outputFormat)) {
    const xml = await tools.readingSlots.run(() => readPdfXml(tools, input));
    let docx: Buffer;
    try {
      docx = pdfPagesToDocx(readPdfPages(xml));
    } catch {
      throw new UnreadableDocument('The file is not a readable PDF document (no pages found).');
    }
    const extracted = DOCX.extract(docx, info);
    return { segments: extracted.segments, rebuild: async (translated) => extracted.rebuild(translated) };
  }
  const source = await tools.readingSlots.run(() =>
    extension === 'pdf' ? pdfToHtml(tools, input, purpose) : imageToHtml(tools, extension, input, info.sourceLang),
  );
  const extracted = HTML.extract(Buffer.from(source.html, 'utf8'), info);
  return {
    segments: extracted.segments,
    rebuild: (translated, signal) => render(tools, extension, extracted.rebuild(translated), source, signal),
  };
}

interface Source {
  html: string;
  width?: number;
  height?: number;
}

async function readPdfXml(tools: DocumentTools, input: Buffer): Promise<string> {
  return inTempDir(async (dir) => {
    await writeFile(join(dir, 'input.pdf'), input);
    return readPdfXmlIn(tools, dir);
  });
}

/** poppler's reading of `input.pdf` in `dir`: every text line with its position, font and bold/italic runs. */
async function readPdfXmlIn(tools: DocumentTools, dir: string): Promise<string> {
  try {
    return (
      await runTool(tools.paths.pdfToHtml, ['-xml', '-i', '-zoom', '1', '-q', '-stdout', '-nodrm', 'input.pdf'], { cwd: dir })
    ).toString('utf8');
  } catch (error) {
    if (error instanceof ToolFailed) throw new UnreadableDocument('The file is not a readable PDF document (poppler could not open it).');
    throw error;
  }
}

async function pdfToHtml(tools: DocumentTools, input: Buffer, purpose: DocumentPurpose): Promise<Source> {
  return inTempDir(async (dir) => {
    await writeFile(join(dir, 'input.pdf'), input);
    const xml = await readPdfXmlIn(tools, dir);
    // The pages without their text, at 144 dpi, to lay under the translated text (the costly part of
    // reading: not done when only the characters are counted).
    if (purpose === 'translate')
      await runTool(tools.paths.pdfToHtml, ['-c', '-s', '-q', '-zoom', '2', '-fmt', 'png', '-nodrm', 'input.pdf', 'page'], { cwd: dir });
    const pictures = (await readdir(dir)).filter((name) => /^page\d+\.png$/.test(name)).sort();
    const backgrounds = await Promise.all(
      pictures.map(async (name) => `data:image/png;base64,${(await readFile(join(dir, name))).toString('base64')}`),
    );
    let html: string;
    try {
      html = pdfXmlToHtml(xml, backgrounds);
    } catch {
      throw new UnreadableDocument('The file is not a readable PDF document (no pages found).');
    }
    return { html };
  });
}

async function imageToHtml(tools: DocumentTools, extension: string, input: Buffer, sourceLang: string | undefined): Promise<Source> {
  const languages = sourceLang ? [tesseractLanguageOf(sourceLang)!] : [...(tools.ocrLanguages ?? [])];
  return inTempDir(async (dir) => {
    const name = `input.${extension}`;
    await writeFile(join(dir, name), input);
    let tsv: string;
    try {
      tsv = (await runTool(tools.paths.tesseract, [name, 'stdout', '-l', languages.join('+'), 'tsv'], { cwd: dir })).toString('utf8');
    } catch (error) {
      if (error instanceof ToolFailed)
        throw new UnreadableDocument(`The file is not a readable ${extension.toUpperCase()} image (Tesseract could not open it).`);
      throw error;
    }
    const page = ocrTsvToHtml(tsv, input, CONVERTED_CONTENT_TYPES[extension]!);
    if (!page.width || !page.height) throw new UnreadableDocument(`The file is not a readable ${extension.toUpperCase()} image.`);
    return page;
  });
}

async function render(tools: DocumentTools, extension: string, html: Buffer, source: Source, signal?: AbortSignal): Promise<Buffer> {
  return inTempDir(async (dir) => {
    await writeFile(join(dir, 'page.html'), html);
    const output = `output.${extension}`;
    const common = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-extensions',
      '--no-first-run',
      `--user-data-dir=${join(dir, 'profile')}`,
    ];
    const target =
      extension === 'pdf'
        ? ['--no-pdf-header-footer', `--print-to-pdf=${join(dir, output)}`]
        : [
            '--hide-scrollbars',
            '--force-device-scale-factor=1',
            `--window-size=${source.width},${source.height}`,
            `--screenshot=${join(dir, output)}`,
          ];
    await runTool(tools.paths.renderer, [...common, ...target, pathToFileURL(join(dir, 'page.html')).href], {
      cwd: dir,
      ...(signal ? { signal } : {}),
    });
    return readFile(join(dir, output));
  });
}
