// A PDF's text as poppler reads it (`pdftohtml -xml -zoom 1`: every line a <text> with its position
// in points, its font, its bold and italic runs) read into pages of paragraphs (readPdfPages): the
// lines of a paragraph joined into one, so that the paragraph is translated as a whole. From that
// model, pdfXmlToHtml makes one HTML page per PDF page with each paragraph placed where it was (its
// translation wraps within the paragraph's width; Chromium prints it back to a PDF of the same page
// sizes), and pdf-docx.ts makes an editable docx (output_format=docx).

import { FIT_TEXT_SCRIPT, fitAttributes } from './fit-text.js';

const PX_PER_PT = 96 / 72;

interface Line {
  top: number;
  left: number;
  width: number;
  height: number;
  font: string;
  content: string;
}

export interface PdfParagraph {
  top: number;
  left: number;
  right: number;
  lastTop: number;
  lastLeft: number;
  lastRight: number;
  lines: number;
  font: string;
  /** The paragraph's text as poppler writes it: XML-escaped, bold and italic runs as `<b>`, `<i>` (links as `<a>`). */
  content: string;
}

export interface PdfFont {
  size: number;
  family: string;
  color: string;
}

export interface PdfPage {
  /** In points. */
  width: number;
  height: number;
  paragraphs: Array<PdfParagraph & { fontSpec: PdfFont | undefined }>;
}

const attributes = (source: string) =>
  Object.fromEntries([...source.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
const num = (value: string | undefined) => Number.parseFloat(value ?? '0') || 0;

/** The pages of `pdftohtml -xml` output, each with its paragraphs in reading order. Throws when there is no page. */
export function readPdfPages(xml: string): PdfPage[] {
  const fonts = new Map<string, PdfFont>();
  for (const match of xml.matchAll(/<fontspec ([^>]*)\/>/g)) {
    const spec = attributes(match[1]!);
    fonts.set(spec.id ?? '', { size: num(spec.size), family: spec.family ?? '', color: spec.color ?? '#000000' });
  }
  const pages: PdfPage[] = [];
  for (const match of xml.matchAll(/<page ([^>]*)>([\s\S]*?)<\/page>/g)) {
    const page = attributes(match[1]!);
    const lines: Line[] = [...match[2]!.matchAll(/<text ([^>]*)>([\s\S]*?)<\/text>/g)].map((text) => {
      const at = attributes(text[1]!);
      return { top: num(at.top), left: num(at.left), width: num(at.width), height: num(at.height), font: at.font ?? '', content: text[2]! };
    });
    const paragraphs = groupParagraphs(lines, fonts).map((paragraph) => ({ ...paragraph, fontSpec: fonts.get(paragraph.font) }));
    pages.push({ width: num(page.width), height: num(page.height), paragraphs });
  }
  if (pages.length === 0) throw new Error('pdftohtml returned no pages');
  return pages;
}

/**
 * `backgrounds` are the pages drawn without their text (`pdftohtml -c`: pictures, drawings, table
 * lines, shading), as data: URLs in page order; each is laid under its page's paragraphs.
 */
export function pdfXmlToHtml(xml: string, backgrounds: string[] = []): string {
  const pages = readPdfPages(xml);
  const html = pages.map((page, index) => {
    const body = page.paragraphs.map((paragraph) => paragraphHtml(paragraph, paragraph.fontSpec)).join('\n');
    const background = backgrounds[index] ? `;background-image:url(${backgrounds[index]})` : '';
    return `<div class="page" style="width:${page.width}pt;height:${page.height}pt${background}">\n${body}\n</div>`;
  });
  const first = pages[0]!;
  return [
    '<!DOCTYPE html><html><head><meta charset="utf-8"><style>',
    `@page { size: ${first.width}pt ${first.height}pt; margin: 0 }`,
    'html, body { margin: 0; padding: 0 }',
    '.page { position: relative; overflow: hidden; break-after: page; background-size: 100% 100%; background-repeat: no-repeat; print-color-adjust: exact; -webkit-print-color-adjust: exact }',
    '.page p { position: absolute; margin: 0; line-height: 1.17 }',
    '</style></head><body>',
    html.join('\n'),
    FIT_TEXT_SCRIPT,
    '</body></html>',
  ].join('\n');
}

function groupParagraphs(lines: Line[], fonts: Map<string, PdfFont>): PdfParagraph[] {
  const paragraphs: PdfParagraph[] = [];
  let current: PdfParagraph | undefined;
  for (const line of lines) {
    if (!line.content.replace(/<[^>]*>/g, '').trim()) continue;
    const size = fonts.get(line.font)?.size ?? line.height;
    const sameSize = current && (fonts.get(current.font)?.size ?? 0) === size;
    if (
      current &&
      Math.abs(line.top - current.lastTop) <= 2 &&
      line.left >= current.lastRight - 2 &&
      line.left - current.lastRight <= size
    ) {
      // The next run of the same line (another font: bold, italic); one further away is another column or table cell.
      current.content += needsSpace(current.content, line.content) ? ` ${line.content}` : line.content;
      current.lastRight = line.left + line.width;
      current.right = Math.max(current.right, current.lastRight);
    } else if (
      current &&
      sameSize &&
      line.top > current.lastTop &&
      line.top - current.lastTop <= size * 1.6 &&
      Math.abs(line.left - current.left) <= size * 2.5 &&
      // A line that wraps into the next fills the width (a short line above a longer one is a table
      // row, a list item, a heading), so it is not joined.
      current.lastRight - current.lastLeft >= 0.85 * Math.max(line.width, current.right - current.left)
    ) {
      // The paragraph's next line: joined with a space (a word hyphenated at the line's end is joined whole).
      current.content = /\p{L}-\s*$/u.test(current.content)
        ? `${current.content.replace(/-\s*$/, '')}${line.content.trimStart()}`
        : `${current.content.trimEnd()} ${line.content.trimStart()}`;
      current.lastTop = line.top;
      current.lastLeft = line.left;
      current.lastRight = line.left + line.width;
      current.lines += 1;
      current.left = Math.min(current.left, line.left);
      current.right = Math.max(current.right, line.left + line.width);
    } else {
      const right = line.left + line.width;
      current = {
        top: line.top,
        left: line.left,
        right,
        lastTop: line.top,
        lastLeft: line.left,
        lastRight: right,
        lines: 1,
        font: line.font,
        content: line.content,
      };
      paragraphs.push(current);
    }
  }
  return paragraphs;
}

function needsSpace(before: string, after: string): boolean {
  return !/\s$/.test(before.replace(/<[^>]*>$/g, '')) && !/^\s/.test(after.replace(/^<[^>]*>/g, ''));
}

function paragraphHtml(paragraph: PdfParagraph, font: PdfFont | undefined): string {
  const size = font?.size ?? 10;
  // One line stays one line (a title, a table cell), a longer translation extends it; a paragraph of
  // several lines wraps within its width.
  const wrap = paragraph.lines > 1 ? `width:${(paragraph.right - paragraph.left + size * 0.5).toFixed(1)}pt` : 'white-space:nowrap';
  const boxWidth = paragraph.lines > 1 ? paragraph.right - paragraph.left + size * 0.5 : (paragraph.right - paragraph.left) * 1.05 + size;
  const boxHeight = paragraph.lastTop - paragraph.top + size * 1.4;
  const style = [
    `top:${paragraph.top}pt`,
    `left:${paragraph.left}pt`,
    wrap,
    `font-size:${size}pt`,
    `font-family:${cssFontFamily(font?.family ?? '')}`,
    `color:${/^#[0-9a-fA-F]{6}$/.test(font?.color ?? '') ? font!.color : '#000000'}`,
  ].join(';');
  return `<p style="${style}" ${fitAttributes(boxWidth * PX_PER_PT, boxHeight * PX_PER_PT)}>${paragraph.content.replace(/&#160;/g, ' ').trim()}</p>`;
}

/** A PDF font's family as an installed font would be named: subset prefix and style suffix removed (`ABCDEF+DejaVuSerif-Bold` is `DejaVu Serif`, `TimesNewRomanPS-BoldMT` is `Times New Roman`). */
export function pdfFontName(pdfName: string): string {
  const name = pdfName.replace(/^[A-Z]{6}\+/, '').replace(/[-,](Bold|Italic|Oblique|Regular|Roman|BoldItalic|MT|PS).*$/i, '');
  // Camel case is spaced (TimesNewRoman), except in DejaVu, Debian's default fonts.
  return name
    .replace(/(PS|MT)+$/, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\bDeja Vu\b/g, 'DejaVu');
}

function cssFontFamily(pdfName: string): string {
  const name = pdfFontName(pdfName);
  const generic = /mono|courier|consol/i.test(name)
    ? 'monospace'
    : /sans|arial|helvetica|verdana/i.test(name)
      ? 'sans-serif'
      : /serif|times|roman|georgia|garamond/i.test(name)
        ? 'serif'
        : 'sans-serif';
  return name ? `'${name}', ${generic}` : generic;
}
