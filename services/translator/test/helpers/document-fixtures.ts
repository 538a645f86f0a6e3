// Small but real office files, built in memory (fflate), for the document tests and the benchmark.
import { strToU8, zipSync } from 'fflate';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface Run {
  text: string;
  bold?: boolean;
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function docxParagraph(runs: Run[]): string {
  const body = runs
    .map(
      (run) =>
        `<w:r>${run.bold ? '<w:rPr><w:b/><w:sz w:val="24"/></w:rPr>' : '<w:rPr><w:sz w:val="24"/></w:rPr>'}<w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`,
    )
    .join('');
  return `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr>${body}</w:p>`;
}

/** A docx: paragraphs of runs, then a table of plain cells; `pageBreakEvery` adds page breaks. */
export function makeDocx(paragraphs: Run[][], table: string[][] = [], pageBreakEvery = 0): Buffer {
  const parts = paragraphs.map((runs, index) => {
    const paragraph = docxParagraph(runs);
    return pageBreakEvery > 0 && index > 0 && index % pageBreakEvery === 0
      ? `<w:p><w:r><w:br w:type="page"/></w:r></w:p>${paragraph}`
      : paragraph;
  });
  const rows = table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${docxParagraph([{ text: cell }])}</w:tc>`).join('')}</w:tr>`);
  const tableXml = table.length ? `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.join('')}</w:tbl>` : '';
  const document = `${XML_HEAD}<w:document ${W}><w:body>${parts.join('')}${tableXml}<w:sectPr/></w:body></w:document>`;
  return zip({
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`,
    'word/document.xml': document,
  });
}

/** A pptx with one slide per entry, each a list of text paragraphs. */
export function makePptx(slides: string[][]): Buffer {
  const files: Record<string, string> = {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join('')}</Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    'ppt/presentation.xml': `${XML_HEAD}<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
  };
  slides.forEach((paragraphs, index) => {
    const body = paragraphs
      .map((text) => `<a:p><a:pPr algn="l"/><a:r><a:rPr lang="en-US" b="1"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`)
      .join('');
    files[`ppt/slides/slide${index + 1}.xml`] =
      `${XML_HEAD}<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/></p:nvSpPr><p:txBody><a:bodyPr/>${body}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return zip(files);
}

/** An xlsx: shared strings in column A, numbers in B, a formula in C. */
export function makeXlsx(strings: string[]): Buffer {
  const shared = strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('');
  const rows = strings
    .map(
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c><c r="B${i + 1}"><v>${(i + 1) * 10}</v></c><c r="C${i + 1}"><f>B${i + 1}*2</f><v>${(i + 1) * 20}</v></c></row>`,
    )
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zip({
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/sharedStrings.xml': `${XML_HEAD}<sst ${ns} count="${strings.length}" uniqueCount="${strings.length}">${shared}</sst>`,
    'xl/worksheets/sheet1.xml': `${XML_HEAD}<worksheet ${ns}><sheetData>${rows}</sheetData></worksheet>`,
  });
}

/** An odt: a heading and paragraphs, one with a bold span. */
export function makeOdt(heading: string, paragraphs: string[]): Buffer {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"';
  const body = paragraphs
    .map((text) => `<text:p text:style-name="P1">${escapeXml(text)} <text:span text:style-name="Bold">bold words</text:span>.</text:p>`)
    .join('');
  return zip({
    mimetype: 'application/vnd.oasis.opendocument.text',
    'META-INF/manifest.xml': `${XML_HEAD}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    'content.xml': `${XML_HEAD}<office:document-content ${ns}><office:body><office:text><text:h text:outline-level="1">${escapeXml(heading)}</text:h>${body}</office:text></office:body></office:document-content>`,
  });
}

function zip(files: Record<string, string>): Buffer {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, content]) => [name, [strToU8(content), { level: name === 'mimetype' ? 0 : 6 }] as const]),
  );
  return Buffer.from(zipSync(entries as Parameters<typeof zipSync>[0]));
}
