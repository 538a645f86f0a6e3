// How PDF lines (poppler's pdf2xml) and OCR words (Tesseract's TSV) become placed HTML paragraphs,
// and the bound on readings at upload.
import { describe, expect, it } from '@jest/globals';
import { ocrTsvToHtml } from '../../src/domain/documents/converters/image-layout.js';
import { pdfXmlToHtml } from '../../src/domain/documents/converters/pdf-layout.js';
import { ReadingSlots } from '../../src/domain/documents/converters/reading-slots.js';
import { HTML } from '../../src/domain/documents/formats/text-formats.js';

const info = { fileName: 'x.html', targetLang: 'ES' };
const segmentsOf = (html: string) => HTML.extract(Buffer.from(html), info).segments;

const PDF_XML = `<?xml version="1.0" encoding="UTF-8"?>
<pdf2xml producer="poppler" version="22.12.0">
<page number="1" position="absolute" top="0" left="0" height="841" width="595">
	<fontspec id="0" size="12" family="BAAAAA+DejaVuSerif" color="#000000"/>
	<fontspec id="1" size="12" family="CAAAAA+DejaVuSerif-Bold" color="#000000"/>
	<fontspec id="2" size="20" family="DAAAAA+Helvetica" color="#1f3864"/>
<text top="20" left="57" width="200" height="24" font="2">The annual report</text>
<text top="60" left="57" width="499" height="16" font="0">The license gives you the freedom to share and change all versions of a pro-</text>
<text top="74" left="57" width="489" height="16" font="0">gram, to make sure it remains free software.</text>
<text top="102" left="57" width="54" height="16" font="0">This has </text>
<text top="102" left="111" width="73" height="16" font="1"><b>bold words</b></text>
<text top="102" left="185" width="44" height="16" font="0"> inside &amp; more.</text>
<text top="140" left="57" width="40" height="16" font="0">The cat</text>
<text top="140" left="300" width="50" height="16" font="0">The house</text>
<text top="180" left="57" width="60" height="16" font="0">Row one</text>
<text top="194" left="57" width="90" height="16" font="0">Row two is longer</text>
</page>
<page number="2" position="absolute" top="0" left="0" height="841" width="595">
<text top="60" left="57" width="80" height="16" font="0">Thank you.</text>
</page>
</pdf2xml>`;

describe('pdfXmlToHtml', () => {
  const html = pdfXmlToHtml(PDF_XML);

  it('joins the lines of a paragraph (a word hyphenated at a line end whole) and the runs of a line, keeping bold inline; not cells, nor a short line above a longer one', () => {
    expect(segmentsOf(html)).toEqual([
      'The annual report',
      'The license gives you the freedom to share and change all versions of a program, to make sure it remains free software.',
      'This has <m0/>bold words<m1/> inside &amp; more.',
      'The cat',
      'The house',
      'Row one',
      'Row two is longer',
      'Thank you.',
    ]);
  });

  it('places each paragraph where it was, in points, with its font size, colour and a box to fit in', () => {
    expect(html).toMatch(
      /<p style="top:20pt;left:57pt;white-space:nowrap;font-size:20pt;font-family:'Helvetica', sans-serif;color:#1f3864" data-fit-w="\d+" data-fit-h="\d+">The annual report<\/p>/,
    );
    expect(html).toMatch(/<p style="top:60pt;left:57pt;width:505.0pt;font-size:12pt/);
    expect(html.match(/<div class="page" style="width:595pt;height:841pt">/g)).toHaveLength(2);
  });

  it('lays the picture of each page (the page without its text) under it', () => {
    const withPictures = pdfXmlToHtml(PDF_XML, ['data:image/png;base64,AAAA', 'data:image/png;base64,BBBB']);
    expect(withPictures).toContain('<div class="page" style="width:595pt;height:841pt;background-image:url(data:image/png;base64,AAAA)">');
    expect(withPictures).toContain('<div class="page" style="width:595pt;height:841pt;background-image:url(data:image/png;base64,BBBB)">');
  });

  it('refuses XML without pages', () => {
    expect(() => pdfXmlToHtml('<pdf2xml></pdf2xml>')).toThrow(/no pages/);
  });
});

const TSV = [
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  '1\t1\t0\t0\t0\t0\t0\t0\t640\t200\t-1\t',
  '4\t1\t1\t1\t1\t0\t20\t24\t235\t28\t-1\t',
  '5\t1\t1\t1\t1\t1\t20\t24\t51\t22\t96.5\tThe',
  '5\t1\t1\t1\t1\t2\t83\t24\t81\t22\t96.5\thouse',
  '5\t1\t1\t1\t1\t3\t177\t24\t60\t28\t96.5\t<big>',
  '4\t1\t2\t1\t1\t0\t20\t120\t100\t28\t-1\t',
  '5\t1\t2\t1\t1\t1\t20\t120\t10\t10\t12.0\t~',
  '5\t1\t2\t1\t1\t2\t40\t120\t80\t22\t91.0\tThanks',
].join('\n');

describe('ocrTsvToHtml', () => {
  const page = ocrTsvToHtml(TSV, Buffer.from('png bytes'), 'image/png');

  it('takes the image size from the page row and makes a paragraph of each OCR paragraph, dropping low-confidence noise', () => {
    expect(page).toMatchObject({ width: 640, height: 200 });
    expect(segmentsOf(page.html)).toEqual(['The house &lt;big&gt;', 'Thanks']);
  });

  it('draws the image as the background and each paragraph on a box over the words it replaces', () => {
    expect(page.html).toContain(`url(data:image/png;base64,${Buffer.from('png bytes').toString('base64')})`);
    expect(page.html).toMatch(/<p style="left:18px;top:22px;min-width:221px;min-height:32px;font-size:24px"/);
  });
});

describe('ReadingSlots', () => {
  it('runs at most its size at once; the next starts when one ends', async () => {
    const slots = new ReadingSlots(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const runs = [0, 1, 2].map((index) =>
      slots.run(async () => {
        started.push(index);
        await new Promise<void>((resolve) => finish.push(resolve));
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    finish[0]!();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    finish[1]!();
    finish[2]!();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  });
});
