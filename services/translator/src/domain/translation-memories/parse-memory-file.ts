// An uploaded memory file to a memory: the format comes from the file name (.tmx/.xml, .tsv/.txt,
// .csv), else from the declared content type, else from the content (`<` starts XML).
import { isUtf8 } from 'node:buffer';
import { parseDelimitedMemory } from './parse-delimited-memory.js';
import { parseTmx } from './parse-tmx.js';
import { MemoryFileError, type ParsedMemory } from './parsed-memory.js';

export type MemoryFileFormat = 'tmx' | 'tsv' | 'csv';

export function memoryFileFormat(fileName: string, contentType: string | undefined, content?: string): MemoryFileFormat | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'tmx' || extension === 'xml') return 'tmx';
  if (extension === 'tsv' || extension === 'tab') return 'tsv';
  if (extension === 'csv') return 'csv';
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && /xml|tmx/.test(type)) return 'tmx';
  if (type === 'text/tab-separated-values') return 'tsv';
  if (type === 'text/csv') return 'csv';
  if (content !== undefined) return content.trimStart().startsWith('<') ? 'tmx' : content.includes('\t') ? 'tsv' : 'csv';
  return undefined;
}

export function parseMemoryFile(file: Buffer, fileName: string, contentType: string | undefined): ParsedMemory {
  const text = decode(file);
  const format = memoryFileFormat(fileName, contentType, text)!;
  const memory = format === 'tmx' ? parseTmx(text) : parseDelimitedMemory(text, format);
  if (memory.segments.length === 0) {
    throw new MemoryFileError(
      format === 'tmx'
        ? `The TMX file holds no translation unit with a ${memory.sourceLang.toLowerCase()} source segment and at least one translation (${memory.skipped} units skipped).`
        : `The ${format.toUpperCase()} file holds no row with a source text and at least one translation (${memory.skipped} rows skipped).`,
    );
  }
  return memory;
}

function decode(file: Buffer): string {
  if (file[0] === 0xff && file[1] === 0xfe) return file.subarray(2).toString('utf16le');
  if (!isUtf8(file))
    throw new MemoryFileError('The file is not valid UTF-8 (or UTF-16 with a byte order mark); save it as UTF-8 and import it again.');
  return file.toString('utf8').replace(/^\uFEFF/, '');
}
