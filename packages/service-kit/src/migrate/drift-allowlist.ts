import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const ALLOW_LIST_FILE = 'drift-allowlist.txt';

/** One intended difference between a Prisma schema and the database its migrations build. */
export interface AllowedDrift {
  /** A step of the schema engine's diff (normalized SQL), or a database object line. */
  entry: string;
  /** The `#` lines of its paragraph: why the difference is intended. */
  why: string;
  line: number;
}

export interface DriftAllowList {
  path: string;
  /** Steps the engine proposes (database -> schema) that must never be applied. */
  diff: AllowedDrift[];
  /** Objects the migrations create that the schema language cannot describe and the engine does not compare. */
  database: AllowedDrift[];
}

const SECTIONS = ['diff', 'database'] as const;
type Section = (typeof SECTIONS)[number];

/** One spelling per statement: whitespace runs become one space, so line breaks and indentation do not matter. */
export function normalizeSql(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

/** The allow-list beside a schema: `prisma/schema.prisma` -> `prisma/drift-allowlist.txt` (a schema folder holds it). */
export async function defaultAllowListPath(schemaPath: string): Promise<string> {
  const isFolder = existsSync(schemaPath) && (await stat(schemaPath)).isDirectory();
  return join(isFolder ? schemaPath : dirname(schemaPath), ALLOW_LIST_FILE);
}

/**
 * The format (docs/migrations.md): `[diff]` and `[database]` sections; paragraphs separated by blank lines;
 * `#` lines give the reason. In [diff] a paragraph is one step of the engine's SQL (it may span lines); in
 * [database] every other line of a paragraph is one object. An entry without a reason is an error.
 */
export function parseDriftAllowList(text: string, path = ALLOW_LIST_FILE): DriftAllowList {
  const list: DriftAllowList = { path, diff: [], database: [] };
  const lines = text.split(/\r?\n/);
  let section: Section | undefined;
  let paragraph: { why: string[]; body: { text: string; line: number }[] } = { why: [], body: [] };
  const fail = (line: number, message: string): never => {
    throw new Error(`${path}:${line}: ${message}`);
  };

  const flush = () => {
    const { why, body } = paragraph;
    paragraph = { why: [], body: [] };
    if (body.length === 0) return;
    const first = body[0] as { text: string; line: number };
    if (section === undefined) fail(first.line, 'an entry before any [diff] or [database] section');
    if (why.length === 0) fail(first.line, 'an entry without a reason: start its paragraph with # lines saying why');
    const reason = why.join(' ');
    if (section === 'diff') {
      list.diff.push({ entry: normalizeSql(body.map((b) => b.text).join('\n')), why: reason, line: first.line });
    } else {
      for (const b of body) list.database.push({ entry: b.text.trim(), why: reason, line: b.line });
    }
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (text === '') return flush();
    const header = /^\[(.*)\]$/.exec(text);
    if (header) {
      flush();
      const name = header[1] as Section;
      if (!SECTIONS.includes(name)) fail(line, `unknown section [${header[1]}]; use [diff] or [database]`);
      section = name;
      return;
    }
    if (text.startsWith('#')) {
      if (paragraph.body.length > 0) fail(line, 'a # line after the entries of its paragraph; put the reason first');
      paragraph.why.push(text.replace(/^#\s?/, ''));
      return;
    }
    paragraph.body.push({ text: raw, line });
  });
  flush();

  for (const kind of SECTIONS) {
    const seen = new Map<string, number>();
    for (const allowed of list[kind]) {
      const earlier = seen.get(allowed.entry);
      if (earlier !== undefined) fail(allowed.line, `the same entry as line ${earlier}`);
      seen.set(allowed.entry, allowed.line);
    }
  }
  return list;
}

/** A missing file is an empty allow-list: no drift is intended. */
export async function readDriftAllowList(path: string): Promise<DriftAllowList> {
  if (!existsSync(path)) return { path, diff: [], database: [] };
  return parseDriftAllowList(await readFile(path, 'utf8'), path);
}
