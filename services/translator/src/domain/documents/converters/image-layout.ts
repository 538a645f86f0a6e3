// An image's text as Tesseract reads it (`tesseract <image> stdout tsv`: every word with its box,
// grouped in blocks, paragraphs and lines) made into an HTML page of the image's size with the image
// as its background, and each paragraph written over the place it was read from, on a white box that
// hides the original words. Chromium takes a screenshot of the translated page: the image, with its
// text in the target language.

import { FIT_TEXT_SCRIPT, fitAttributes } from './fit-text.js';

interface OcrParagraph {
  left: number;
  top: number;
  right: number;
  bottom: number;
  lineHeights: number[];
  words: string[];
}

/** Words Tesseract reads with less confidence than this (0-100) are noise (specks, lines), not text. */
const MIN_CONFIDENCE = 30;

export function ocrTsvToHtml(tsv: string, image: Buffer, mimeType: string): { html: string; width: number; height: number } {
  let width = 0;
  let height = 0;
  const paragraphs = new Map<string, OcrParagraph>();
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12) continue;
    const [level, , block, par, , , left, top, boxWidth, boxHeight, conf] = cells.slice(0, 11).map(Number) as number[];
    const text = cells.slice(11).join('\t').trim();
    if (level === 1) {
      width = boxWidth!;
      height = boxHeight!;
      continue;
    }
    const key = `${block}.${par}`;
    if (level === 4) {
      paragraph(paragraphs, key).lineHeights.push(boxHeight!);
      continue;
    }
    if (level !== 5 || !text || conf! < MIN_CONFIDENCE) continue;
    const target = paragraph(paragraphs, key);
    target.words.push(text);
    target.left = Math.min(target.left, left!);
    target.top = Math.min(target.top, top!);
    target.right = Math.max(target.right, left! + boxWidth!);
    target.bottom = Math.max(target.bottom, top! + boxHeight!);
  }
  const boxes = [...paragraphs.values()]
    .filter((item) => item.words.length > 0)
    .map((item) => {
      const lineHeight = median(item.lineHeights) || item.bottom - item.top;
      const style = [
        `left:${item.left - 2}px`,
        `top:${item.top - 2}px`,
        // A paragraph of several lines wraps within its width; one line grows to fit its translation.
        item.lineHeights.length > 1
          ? `width:${item.right - item.left + 4}px;white-space:normal`
          : `min-width:${item.right - item.left + 4}px`,
        `min-height:${item.bottom - item.top + 4}px`,
        `font-size:${Math.max(8, Math.round(lineHeight * 0.85))}px`,
      ].join(';');
      const fit = fitAttributes(item.right - item.left + 4 + lineHeight, item.bottom - item.top + 4 + lineHeight * 0.3);
      return `<p style="${style}" ${fit}>${escapeHtml(item.words.join(' '))}</p>`;
    });
  const html = [
    '<!DOCTYPE html><html><head><meta charset="utf-8"><style>',
    'html, body { margin: 0; padding: 0; overflow: hidden }',
    `.image { position: relative; width: ${width}px; height: ${height}px; background: url(data:${mimeType};base64,${image.toString('base64')}) no-repeat; background-size: ${width}px ${height}px }`,
    '.image p { position: absolute; margin: 0; padding: 2px; box-sizing: border-box; background: #ffffff; color: #000000; font-family: sans-serif; line-height: 1.1; white-space: nowrap }',
    '</style></head><body>',
    `<div class="image">\n${boxes.join('\n')}\n</div>`,
    FIT_TEXT_SCRIPT,
    '</body></html>',
  ].join('\n');
  return { html, width, height };
}

function paragraph(paragraphs: Map<string, OcrParagraph>, key: string): OcrParagraph {
  let found = paragraphs.get(key);
  if (!found) {
    found = { left: Number.POSITIVE_INFINITY, top: Number.POSITIVE_INFINITY, right: 0, bottom: 0, lineHeights: [], words: [] };
    paragraphs.set(key, found);
  }
  return found;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
