// How a PDF's paragraph model (poppler's pdf2xml read by readPdfPages) becomes an editable docx for
// output_format=docx, and the docx writer underneath: read back with mammoth and with the service's
// own docx format, so the translation path sees the same segments as the PDF path.
import { describe, expect, it } from '@jest/globals';
import { XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { inlineRuns, pdfPagesToDocx } from '../../src/domain/documents/converters/pdf-docx.js';
import { pdfFontName, pdfXmlToHtml, readPdfPages } from '../../src/domain/documents/converters/pdf-layout.js';
import { writeDocx } from '../../src/domain/documents/formats/docx-writer.js';
import { DOCX } from '../../src/domain/documents/formats/office-zip.js';
import { HTML } from '../../src/domain/documents/formats/text-formats.js';

const info = { fileName: 'x.pdf', targetLang: 'ES' };

const PDF_XML = `<?xml version="1.0" encoding="UTF-8"?>
<pdf2xml producer="poppler" version="22.12.0">
<page number="1" position="absolute" top="0" left="0" height="612" width="792">
	<fontspec id="0" size="12" family="BAAAAA+DejaVuSerif" color="#000000"/>
	<fontspec id="1" size="12" family="CAAAAA+DejaVuSerif-Bold" color="#000000"/>
	<fontspec id="2" size="20" family="DAAAAA+Helvetica" color="#1f3864"/>
	<fontspec id="3" size="15" family="DAAAAA+Helvetica" color="#000000"/>
<text top="20" left="57" width="200" height="24" font="2">The annual report</text>
<text top="50" left="57" width="120" height="18" font="3">The first part</text>
<text top="80" left="57" width="499" height="16" font="0">The license gives you the freedom to share and change all versions of a pro-</text>
<text top="94" left="57" width="489" height="16" font="0">gram, to make sure it remains free software.</text>
<text top="122" left="57" width="54" height="16" font="0">This has </text>
<text top="122" left="111" width="73" height="16" font="1"><b>bold words</b></text>
<text top="122" left="185" width="44" height="16" font="0"> inside &amp; <i>more</i>.</text>
</page>
<page number="2" position="absolute" top="0" left="0" height="612" width="792">
</page>
<page number="3" position="absolute" top="0" left="0" height="612" width="792">
<text top="60" left="57" width="80" height="16" font="0">Thank&#160;you.</text>
</page>
</pdf2xml>`;

const docxOf = (xml: string) => pdfPagesToDocx(readPdfPages(xml));
const documentXml = (docx: Buffer) => new TextDecoder().decode(unzipSync(new Uint8Array(docx))['word/document.xml']);

describe('pdfPagesToDocx', () => {
  const docx = docxOf(PDF_XML);

  it('gives the docx format the same segments the PDF path translates, in reading order', () => {
    const fromHtml = HTML.extract(Buffer.from(pdfXmlToHtml(PDF_XML)), info).segments;
    const fromDocx = DOCX.extract(docx, info).segments;
    expect(fromDocx.map((segment) => segment.replace(/<m\d+\/>/g, ''))).toEqual(
      fromHtml.map((segment) => segment.replace(/<m\d+\/>/g, '').replace(/&#160;/g, ' ')),
    );
    expect(fromDocx).toEqual([
      'The annual report',
      'The first part',
      'The license gives you the freedom to share and change all versions of a program, to make sure it remains free software.',
      'This has <m0/>bold words<m1/> inside &amp; <m2/>more<m3/>.',
      'Thank you.',
    ]);
  });

  it('opens in mammoth with headings by size, paragraphs in order, bold and italic runs kept', async () => {
    const { value, messages } = await mammoth.convertToHtml({ buffer: docx });
    expect(messages).toEqual([]);
    expect(value).toBe(
      '<h1>The annual report</h1><h2>The first part</h2>' +
        '<p>The license gives you the freedom to share and change all versions of a program, to make sure it remains free software.</p>' +
        '<p>This has <strong>bold words</strong> inside &amp; <em>more</em>.</p><p>Thank you.</p>',
    );
  });

  it('starts each page after the first on a new page (a page without text as an empty paragraph), at the PDF page size, in landscape', () => {
    const xml = documentXml(docx);
    expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
    expect(xml).toMatch(/<w:pPr><w:pageBreakBefore\/><\/w:pPr><w:r>.*Thank you\./);
    expect(xml).toContain('<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/>');
  });

  it('keeps each paragraph font size, colour and font family on its runs', () => {
    const xml = documentXml(docx);
    expect(xml).toContain(
      '<w:rFonts w:ascii="Helvetica" w:hAnsi="Helvetica" w:cs="Helvetica"/><w:color w:val="1F3864"/><w:sz w:val="40"/>',
    );
    expect(xml).toContain('<w:rFonts w:ascii="DejaVu Serif" w:hAnsi="DejaVu Serif" w:cs="DejaVu Serif"/><w:b/><w:bCs/><w:sz w:val="24"/>');
  });

  it('writes the translated segments back into the same runs', async () => {
    const extracted = DOCX.extract(docx, info);
    const translated = extracted.rebuild([
      'El informe anual',
      'La primera parte',
      'La licencia te da la libertad.',
      'Esto tiene <m0/>palabras en negrita<m1/> dentro &amp; <m2/>más<m3/>.',
      'Gracias.',
    ]);
    const { value } = await mammoth.convertToHtml({ buffer: translated });
    expect(value).toBe(
      '<h1>El informe anual</h1><h2>La primera parte</h2><p>La licencia te da la libertad.</p>' +
        '<p>Esto tiene <strong>palabras en negrita</strong> dentro &amp; <em>más</em>.</p><p>Gracias.</p>',
    );
  });

  it('writes no heading for large text without a letter (a chapter number)', async () => {
    const numbered = PDF_XML.replace('>The first part<', '>2.<');
    const { value } = await mammoth.convertToHtml({ buffer: docxOf(numbered) });
    expect(value).toMatch(/^<h1>The annual report<\/h1><p>2\.<\/p>/);
  });

  it('writes no heading when every paragraph has the body size', async () => {
    const plain = PDF_XML.replace(/font="[23]"/g, 'font="0"');
    const { value } = await mammoth.convertToHtml({ buffer: docxOf(plain) });
    expect(value).not.toMatch(/<h\d>/);
  });
});

describe('pdfFontName', () => {
  it('names a PDF font as the installed font is named', () => {
    expect(pdfFontName('BAAAAA+DejaVuSerif-Bold')).toBe('DejaVu Serif');
    expect(pdfFontName('TimesNewRomanPS-BoldMT')).toBe('Times New Roman');
    expect(pdfFontName('ArialMT')).toBe('Arial');
    expect(pdfFontName('Helvetica')).toBe('Helvetica');
  });
});

describe('inlineRuns', () => {
  it('reads poppler inline markup into runs, merging same-format text, entities decoded, link text kept', () => {
    expect(inlineRuns(' A <b>bold <i>both</i></b><b> still</b> &lt;x&gt; &#233;t&#xE9; <a href="http://x">link</a> ')).toEqual([
      { text: 'A ' },
      { text: 'bold ', bold: true },
      { text: 'both', bold: true, italic: true },
      { text: ' still', bold: true },
      { text: ' <x> été link' },
    ]);
  });
});

describe('writeDocx', () => {
  it('writes the five parts a docx needs, each well-formed XML', () => {
    const parts = unzipSync(
      new Uint8Array(writeDocx({ paragraphs: [{ runs: [{ text: 'x', bold: true, font: 'A "quoted" & font' }], heading: 2 }] })),
    );
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/styles.xml',
    ]);
    for (const data of Object.values(parts)) expect(XMLValidator.validate(new TextDecoder().decode(data))).toBe(true);
  });

  it('escapes markup characters and drops characters XML does not allow', () => {
    const docx = writeDocx({ paragraphs: [{ runs: [{ text: 'a < b & c > d\u0001\u000b e' }] }] });
    const xml = documentXml(docx);
    expect(xml).toContain('<w:t xml:space="preserve">a &lt; b &amp; c &gt; d e</w:t>');
    expect(DOCX.extract(docx, info).segments).toEqual(['a &lt; b &amp; c &gt; d e']);
  });

  it('writes an A4 portrait page when no size is given, and a paragraph without runs as an empty one', async () => {
    const docx = writeDocx({ paragraphs: [{ runs: [] }, { runs: [{ text: 'Text', italic: true }] }] });
    expect(documentXml(docx)).toContain('<w:body><w:p></w:p><w:p><w:r>');
    expect(documentXml(docx)).toContain('<w:pgSz w:w="11906" w:h="16838"/>');
    // mammoth leaves empty paragraphs out of its HTML.
    expect((await mammoth.convertToHtml({ buffer: docx })).value).toBe('<p><em>Text</em></p>');
  });
});
