// What every document format gives the translation: its text as segments (XML-escaped, inline markup
// as placeholders, see markup-segments.ts) and a way to write the file again with translated segments.

export interface ExtractedDocument {
  segments: string[];
  rebuild(translated: string[]): Buffer;
}

export interface DocumentFormat {
  /** The extension that names the format in messages and in `output_format`. */
  name: string;
  contentType: string;
  /** Throws UnreadableDocument when the file is not what its extension says. */
  extract(input: Buffer, info: DocumentInfo): ExtractedDocument;
}

export interface DocumentInfo {
  fileName: string;
  /** The target language as DeepL writes it (`ES`, `EN-US`), for formats that record it (XLIFF). */
  targetLang: string;
}

export class UnreadableDocument extends Error {
  override readonly name = 'UnreadableDocument';
}
