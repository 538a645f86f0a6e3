// One way to read any served format: the formats edited in place (formats/) and those converted to
// HTML and rendered back (converters/: PDF, images) give the same segments-and-rebuild shape.
// `outputFormat` matters only where it changes the format (a PDF written as docx).
import { type ConvertedDocument, type DocumentPurpose, isConverted, openConverted } from './converters/converted-document.js';
import type { DocumentTools } from './converters/document-tools.js';
import { type DocumentInfo, UnreadableDocument } from './formats/document-format.js';
import { formatFor } from './formats/document-formats.js';

export async function openDocument(
  tools: DocumentTools,
  extension: string,
  input: Buffer,
  info: DocumentInfo & { sourceLang?: string },
  purpose: DocumentPurpose = 'translate',
  outputFormat?: string,
): Promise<ConvertedDocument> {
  if (isConverted(extension)) return openConverted(tools, extension, input, info, purpose, outputFormat);
  const format = formatFor(extension);
  if (!format) throw new UnreadableDocument(`Format '${extension}' is not supported.`);
  const extracted = format.extract(input, info);
  return { segments: extracted.segments, rebuild: async (translated) => extracted.rebuild(translated) };
}
