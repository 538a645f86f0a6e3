// Which formats POST /v2/document reads, by the file name's extension, and which it refuses and why.
import { execFileSync } from 'node:child_process';
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

// output_format may name another extension of the same format (html for an htm upload); DeepL also
// writes docx from pdf, which needs a PDF converter this service does not use.
const SAME_FORMAT: Record<string, string[]> = { htm: ['html'], html: ['htm'], xlf: ['xliff'], xliff: ['xlf'] };

export function formatFor(extension: string): DocumentFormat | undefined {
  return FORMATS[extension];
}

export function allowedOutputFormats(extension: string): string[] {
  return [extension, ...(SAME_FORMAT[extension] ?? [])];
}

export const SUPPORTED_EXTENSIONS = Object.keys(FORMATS);

/**
 * Why a format DeepL lists is not served here, or undefined when it is served. PDF and images need a
 * converter or OCR that keeps the layout (LibreOffice, Tesseract); IDML and MIF have no maintained
 * open parser that writes them back.
 */
export function refusalFor(extension: string): string | undefined {
  if (extension === 'pdf') {
    return hasProgram('soffice')
      ? 'PDF translation is not supported by this server yet (LibreOffice is installed, but the PDF path is not built).'
      : 'PDF translation is not available on this server: it needs LibreOffice (soffice) to convert the PDF to an editable document and back, and none is installed.';
  }
  if (['jpg', 'jpeg', 'png'].includes(extension)) {
    return hasProgram('tesseract')
      ? 'Image translation is not supported by this server yet (tesseract is installed, but the image path is not built).'
      : 'Image translation is not available on this server: it needs OCR (tesseract-ocr with the source language data), and none is installed.';
  }
  if (extension === 'idml')
    return 'IDML (InDesign) documents are not supported by this server: export the text to docx or XLIFF and upload that.';
  if (extension === 'mif')
    return 'MIF (FrameMaker) documents are not supported by this server: export the text to docx or XLIFF and upload that.';
  return undefined;
}

const programs = new Map<string, boolean>();

function hasProgram(name: string): boolean {
  let found = programs.get(name);
  if (found === undefined) {
    try {
      execFileSync('which', [name], { stdio: 'ignore' });
      found = true;
    } catch {
      found = false;
    }
    programs.set(name, found);
  }
  return found;
}
