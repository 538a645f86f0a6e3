// A PDF's paragraphs (pdf-layout.ts) as an editable docx, for output_format=docx: the paragraphs in
// reading order, each page after the first starting on a new page, bold and italic runs kept, each
// run in the paragraph's font size, colour and font, and the paragraphs set larger than the body
// text written as headings. Where the paragraphs stood on the page is not kept: the docx flows.
import { type DocxParagraph, type DocxRun, writeDocx } from '../formats/docx-writer.js';
import type { PdfPage } from './pdf-layout.js';
import { pdfFontName } from './pdf-layout.js';

/** A one-line paragraph at least this much larger than the body text is a heading. */
const HEADING_RATIO = 1.15;
const HEADING_MAX_CHARACTERS = 200;

export function pdfPagesToDocx(pages: PdfPage[]): Buffer {
  const bodySize = mostUsedSize(pages);
  const headingSizes = [
    ...new Set(pages.flatMap((page) => page.paragraphs.filter((paragraph) => isHeading(paragraph, bodySize)).map((p) => p.fontSpec!.size))),
  ].sort((a, b) => b - a);
  const paragraphs: DocxParagraph[] = [];
  pages.forEach((page, pageIndex) => {
    const first = paragraphs.length;
    for (const paragraph of page.paragraphs) {
      const font = paragraph.fontSpec;
      const runs = inlineRuns(paragraph.content).map((run) => ({
        ...run,
        ...(font?.size ? { sizePt: font.size } : {}),
        ...(font?.color ? { color: font.color } : {}),
        ...(font && pdfFontName(font.family) ? { font: pdfFontName(font.family) } : {}),
      }));
      if (runs.length === 0) continue;
      const level = isHeading(paragraph, bodySize) ? Math.min(3, headingSizes.indexOf(font!.size) + 1) : undefined;
      paragraphs.push({ runs, ...(level ? { heading: level as 1 | 2 | 3 } : {}) });
    }
    // A page without text still starts a page, so the page count is kept.
    if (paragraphs.length === first) paragraphs.push({ runs: [] });
    if (pageIndex > 0) paragraphs[first]!.pageBreakBefore = true;
  });
  return writeDocx({ paragraphs, page: { width: pages[0]!.width, height: pages[0]!.height } });
}

/** Short text set larger than the body, with a letter in it (a large page or chapter number alone is not a heading). */
function isHeading(paragraph: PdfPage['paragraphs'][number], bodySize: number): boolean {
  const size = paragraph.fontSpec?.size;
  const text = plainText(paragraph.content).trim();
  return (
    size !== undefined &&
    bodySize > 0 &&
    size >= bodySize * HEADING_RATIO &&
    paragraph.lines <= 2 &&
    text.length <= HEADING_MAX_CHARACTERS &&
    /\p{L}/u.test(text)
  );
}

/** The body text's size: the font size that sets the most characters. */
function mostUsedSize(pages: PdfPage[]): number {
  const characters = new Map<number, number>();
  for (const page of pages) {
    for (const paragraph of page.paragraphs) {
      const size = paragraph.fontSpec?.size;
      if (size) characters.set(size, (characters.get(size) ?? 0) + plainText(paragraph.content).length);
    }
  }
  let best = 0;
  let most = -1;
  for (const [size, count] of characters) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

const TAG_OR_TEXT = /<(\/?)([A-Za-z]+)[^>]*>|[^<]+/g;

/**
 * poppler's inline markup (`<b>`, `<i>`, `<a href>`) as runs of plain text, each bold and/or italic;
 * adjacent runs of the same formatting are merged, spaces at the paragraph's edges dropped. Links
 * keep their text (the target is not carried into the docx).
 */
export function inlineRuns(content: string): DocxRun[] {
  const runs: DocxRun[] = [];
  let bold = 0;
  let italic = 0;
  for (const match of content.matchAll(TAG_OR_TEXT)) {
    if (match[2]) {
      const delta = match[1] ? -1 : 1;
      const name = match[2].toLowerCase();
      if (name === 'b') bold = Math.max(0, bold + delta);
      if (name === 'i') italic = Math.max(0, italic + delta);
      continue;
    }
    const text = unescapeEntities(match[0]);
    const last = runs[runs.length - 1];
    if (last && Boolean(last.bold) === bold > 0 && Boolean(last.italic) === italic > 0) last.text += text;
    else runs.push({ text, ...(bold > 0 ? { bold: true } : {}), ...(italic > 0 ? { italic: true } : {}) });
  }
  if (runs.length > 0) {
    runs[0]!.text = runs[0]!.text.trimStart();
    runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.trimEnd();
  }
  return runs.filter((run) => run.text.length > 0);
}

function plainText(content: string): string {
  return unescapeEntities(content.replace(/<[^>]*>/g, ''));
}

function unescapeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      // A no-break space is set as a plain one (poppler writes it for the spaces it infers).
      return code === 0xa0 ? ' ' : code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? whole;
  });
}
