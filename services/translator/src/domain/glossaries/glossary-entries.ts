// Glossary entries as DeepL takes them: TSV (`source<TAB>target` per line) or CSV (source,target and
// optionally source_lang,target_lang: rows for another pair are skipped). Terms are trimmed; empty
// lines are skipped; a term may not be empty, hold control characters or exceed 1024 UTF-8 bytes;
// a source term may appear once per dictionary. Stored and returned as TSV.
import { MAX_GLOSSARY_TEXT_BYTES, type EntriesFormat } from '@workspace/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { TranslatorError } from '../translator-error.js';

export interface GlossaryEntry {
  source: string;
  target: string;
}

const INVALID_ENTRIES = 'Invalid glossary entries provided';
// C0 and C1 controls (a tab only as the TSV separator) and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function invalid(detail: string): TranslatorError {
  return new TranslatorError('BAD_REQUEST', `${INVALID_ENTRIES}: ${detail}`, undefined, detail);
}

export function parseGlossaryEntries(text: string, format: EntriesFormat, pair?: { source: string; target: string }): GlossaryEntry[] {
  const rows = format === 'csv' ? csvRows(text, pair) : tsvRows(text);
  const entries: GlossaryEntry[] = [];
  const seen = new Set<string>();
  for (const { line, source: rawSource, target: rawTarget } of rows) {
    const source = rawSource.trim();
    const target = rawTarget.trim();
    checkTerm(source, 'source', line);
    checkTerm(target, 'target', line);
    if (seen.has(source)) throw invalid(`Entry ${line} repeats the source term '${source}'; each source term may appear once.`);
    seen.add(source);
    entries.push({ source, target });
  }
  return entries;
}

function checkTerm(term: string, side: 'source' | 'target', line: number): void {
  if (term.length === 0) throw invalid(`Entry ${line} has an empty ${side} term.`);
  if (CONTROL.test(term)) throw invalid(`Entry ${line} has a control character in its ${side} term.`);
  const bytes = Buffer.byteLength(term, 'utf8');
  if (bytes > MAX_GLOSSARY_TEXT_BYTES) {
    throw invalid(`Entry ${line}: the ${side} term is ${bytes} UTF-8 bytes, the limit is ${MAX_GLOSSARY_TEXT_BYTES} bytes per term.`);
  }
}

function tsvRows(text: string): Array<{ line: number; source: string; target: string }> {
  const rows: Array<{ line: number; source: string; target: string }> = [];
  text.split(/\r\n|\n|\r/).forEach((content, index) => {
    if (content.trim() === '') return;
    const parts = content.split('\t');
    if (parts.length !== 2) {
      throw invalid(`Line ${index + 1} must hold exactly one tab between the source and the target term (found ${parts.length - 1}).`);
    }
    rows.push({ line: index + 1, source: parts[0]!, target: parts[1]! });
  });
  return rows;
}

function csvRows(text: string, pair?: { source: string; target: string }): Array<{ line: number; source: string; target: string }> {
  let records: string[][];
  try {
    records = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (error) {
    throw invalid(`The CSV could not be read: ${(error as Error).message}`);
  }
  const rows: Array<{ line: number; source: string; target: string }> = [];
  records.forEach((record, index) => {
    if (record.length !== 2 && record.length !== 4) {
      throw invalid(
        `CSV row ${index + 1} must have 2 columns (source,target) or 4 (source,target,source_lang,target_lang); it has ${record.length}.`,
      );
    }
    if (record.length === 4 && pair) {
      const [, , source = '', target = ''] = record;
      if (source.trim().toUpperCase() !== pair.source || target.trim().toUpperCase().split('-')[0] !== pair.target) return;
    }
    rows.push({ line: index + 1, source: record[0]!, target: record[1]! });
  });
  return rows;
}

export function entriesToTsv(entries: readonly GlossaryEntry[]): string {
  return entries.map((entry) => `${entry.source}\t${entry.target}`).join('\n');
}

/** Stored TSV back to entries (already validated when stored). */
export function entriesFromTsv(tsv: string): GlossaryEntry[] {
  if (tsv === '') return [];
  return tsv.split('\n').map((line) => {
    const tab = line.indexOf('\t');
    return { source: line.slice(0, tab), target: line.slice(tab + 1) };
  });
}

/** PATCH: entries of `update` replace those with the same source term; the others are added. */
export function mergeEntries(current: readonly GlossaryEntry[], update: readonly GlossaryEntry[]): GlossaryEntry[] {
  const bySource = new Map(current.map((entry) => [entry.source, entry.target]));
  for (const entry of update) bySource.set(entry.source, entry.target);
  return [...bySource].map(([source, target]) => ({ source, target }));
}
