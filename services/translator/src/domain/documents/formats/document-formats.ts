// Which formats POST /v2/document reads, by the file name's extension, and which it refuses and why.
import type { DocumentFormat } from './document-format.js';
import { DOCX, ODT, PPTX, XLSX } from './office-zip.js';
import { HTML, JSON_FORMAT, SRT, TXT, XML } from './text-formats.js';
import { XLIFF } from './xliff-format.js';

const FORMATS: Record<string, DocumentFormat> = {
  txt: TXT,
  htm: HTML,
  html: HTML,
  docx: DOCX,
  pptx: PPTX,
  xlsx: XLSX,
  odt: ODT,
  srt: SRT,
  xlf: XLIFF,
  xliff: XLIFF,
  json: JSON_FORMAT,
  xml: XML,
  dita: XML,
};

// output_format may name another extension of the same format (html for an htm upload), or, as
// DeepL allows, docx for a PDF (converters/pdf-docx.ts). Any other conversion is refused.
const OTHER_OUTPUT_FORMATS: Record<string, string[]> = {
  htm: ['html'],
  html: ['htm'],
  xlf: ['xliff'],
  xliff: ['xlf'],
  jpg: ['jpeg'],
  jpeg: ['jpg'],
  pdf: ['docx'],
};

export function formatFor(extension: string): DocumentFormat | undefined {
  return FORMATS[extension];
}

export function allowedOutputFormats(extension: string): string[] {
  return [extension, ...(OTHER_OUTPUT_FORMATS[extension] ?? [])];
}

/** The formats always served; pdf, png, jpg and jpeg are added where their tools are installed. */
export const SUPPORTED_EXTENSIONS = Object.keys(FORMATS);

/**
 * Why a format DeepL lists is not served here, or undefined when it is served (PDF and images depend
 * on the tools installed: converters/converted-document.ts). IDML and MIF have no maintained open
 * parser that writes them back.
 */
export function refusalFor(extension: string): string | undefined {
  if (extension === 'idml')
    return 'IDML (InDesign) documents are not supported by this server: export the text to docx or XLIFF and upload that.';
  if (extension === 'mif')
    return 'MIF (FrameMaker) documents are not supported by this server: export the text to docx or XLIFF and upload that.';
  return undefined;
}
