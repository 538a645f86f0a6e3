// TSV or CSV to a memory. The first row names the languages, source first (`en<TAB>es<TAB>fr` or
// `en,es`); every further row is one source text and its translations in those columns. An empty
// cell means "no translation into that language".
import { parse as parseCsv } from 'csv-parse/sync';
import { memoryLanguage, mergeSegments, MemoryFileError, type ParsedMemory } from './parsed-memory.js';

export function parseDelimitedMemory(text: string, format: 'tsv' | 'csv'): ParsedMemory {
  const name = format.toUpperCase();
  let rows: string[][];
  try {
    rows =
      format === 'csv'
        ? (parseCsv(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][])
        : text
            .replace(/^\uFEFF/, '')
            .split(/\r\n|\n|\r/)
            .filter((line) => line.trim() !== '')
            .map((line) => line.split('\t'));
  } catch (error) {
    throw new MemoryFileError(`The ${name} file could not be read: ${(error as Error).message}`);
  }
  const [header, ...body] = rows;
  const languages = (header ?? []).map((cell) => memoryLanguage(cell));
  if (!header || header.length < 2 || languages.some((language) => language === undefined)) {
    const separator = format === 'csv' ? ',' : '<TAB>';
    throw new MemoryFileError(
      `The first row of a ${name} translation memory must name the languages, source first (e.g. 'en${separator}es'); found '${(header ?? []).join(separator)}'.`,
    );
  }
  const [sourceLang, ...targetLangs] = languages as string[];
  if (targetLangs.includes(sourceLang!) || new Set(targetLangs).size !== targetLangs.length) {
    throw new MemoryFileError(`The first row of the ${name} file names a language twice; each column needs its own language.`);
  }
  let skipped = 0;
  const found: Array<{ source: string; targets: Array<[string, string]> }> = [];
  body.forEach((row, index) => {
    if (row.length > languages.length) {
      throw new MemoryFileError(
        `Row ${index + 2} of the ${name} file has ${row.length} columns, but the first row names ${languages.length} languages.`,
      );
    }
    const source = row[0]?.trim() ?? '';
    const targets = targetLangs
      .map((language, column): [string, string] => [language, row[column + 1]?.trim() ?? ''])
      .filter(([, target]) => target !== '');
    if (source === '' || targets.length === 0) skipped++;
    else found.push({ source, targets });
  });
  return { sourceLang: sourceLang!, segments: mergeSegments(sourceLang!, found), skipped };
}
