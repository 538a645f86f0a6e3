// A minimal WordprocessingML writer: paragraphs of formatted runs (bold, italic, size, colour, font),
// headings as Word's built-in "heading N" styles, page breaks and the page size, zipped with the five
// parts Word, LibreOffice and mammoth need to open a document. Used to give a PDF an editable form
// (output_format=docx); nothing here knows about PDF.
import { strToU8, zipSync } from 'fflate';

export interface DocxRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** Font size in points. */
  sizePt?: number;
  /** `#rrggbb`; black when absent. */
  color?: string;
  font?: string;
}

export interface DocxParagraph {
  runs: DocxRun[];
  /** Written with Word's built-in style "heading 1" to "heading 3". */
  heading?: 1 | 2 | 3;
  /** The paragraph starts a new page. */
  pageBreakBefore?: boolean;
}

export interface DocxDocument {
  paragraphs: DocxParagraph[];
  /** In points (A4 when absent). */
  page?: { width: number; height: number };
}

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const A4 = { width: 595.3, height: 841.9 };
const MARGIN_TWIPS = 1134; // 2 cm

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`;

const PACKAGE_RELS = `${XML_DECLARATION}<Relationships xmlns="${REL_NS}">
<Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const DOCUMENT_RELS = `${XML_DECLARATION}<Relationships xmlns="${REL_NS}">
<Relationship Id="rId1" Type="${OFFICE_REL}/styles" Target="styles.xml"/>
</Relationships>`;

const headingStyle = (level: number, sizePt: number) =>
  `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/>` +
  `<w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/>` +
  `<w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${sizePt * 2}"/></w:rPr></w:style>`;

const STYLES = `${XML_DECLARATION}<w:styles xmlns:w="${WORD_NS}">
<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault>
<w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>
${headingStyle(1, 16)}
${headingStyle(2, 13)}
${headingStyle(3, 12)}
</w:styles>`;

export function writeDocx(document: DocxDocument): Buffer {
  const body = document.paragraphs.map(paragraphXml).join('');
  const page = document.page ?? A4;
  const width = Math.round(page.width * 20);
  const height = Math.round(page.height * 20);
  const orientation = width > height ? ' w:orient="landscape"' : '';
  const section =
    `<w:sectPr><w:pgSz w:w="${width}" w:h="${height}"${orientation}/>` +
    `<w:pgMar w:top="${MARGIN_TWIPS}" w:right="${MARGIN_TWIPS}" w:bottom="${MARGIN_TWIPS}" w:left="${MARGIN_TWIPS}" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>`;
  const documentXml = `${XML_DECLARATION}<w:document xmlns:w="${WORD_NS}"><w:body>${body}${section}</w:body></w:document>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(PACKAGE_RELS),
      'word/document.xml': strToU8(documentXml),
      'word/_rels/document.xml.rels': strToU8(DOCUMENT_RELS),
      'word/styles.xml': strToU8(STYLES),
    }),
  );
}

function paragraphXml(paragraph: DocxParagraph): string {
  const properties = [
    paragraph.heading ? `<w:pStyle w:val="Heading${paragraph.heading}"/>` : '',
    paragraph.pageBreakBefore ? '<w:pageBreakBefore/>' : '',
  ].join('');
  const runs = paragraph.runs.filter((run) => run.text.length > 0).map(runXml);
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${runs.join('')}</w:p>`;
}

function runXml(run: DocxRun): string {
  const halfPoints = run.sizePt ? Math.max(2, Math.round(run.sizePt * 2)) : undefined;
  const color = run.color && /^#[0-9a-fA-F]{6}$/.test(run.color) && run.color !== '#000000' ? run.color.slice(1).toUpperCase() : undefined;
  const properties = [
    run.font
      ? `<w:rFonts w:ascii="${escapeAttribute(run.font)}" w:hAnsi="${escapeAttribute(run.font)}" w:cs="${escapeAttribute(run.font)}"/>`
      : '',
    run.bold ? '<w:b/><w:bCs/>' : '',
    run.italic ? '<w:i/><w:iCs/>' : '',
    color ? `<w:color w:val="${color}"/>` : '',
    halfPoints ? `<w:sz w:val="${halfPoints}"/><w:szCs w:val="${halfPoints}"/>` : '',
  ].join('');
  return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeText(run.text)}</w:t></w:r>`;
}

// Characters XML 1.0 does not allow (control characters a PDF's text may carry) are dropped.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
