import { readFile } from 'node:fs/promises';
import { z } from 'zod';

// Each service README documents its environment in one table under `## Configuration`:
//   | variable | default | meaning |
//   | `PORT` | `8100` | ... |
// These read that table and compare it with the service's zod config schema, so the table cannot go stale:
// the names must be exactly the schema's keys, and a default written as one backticked literal must be the
// schema's own default. The default column may also say `required`, `unset`, or a phrase (a derived default).

export interface ConfigurationRow {
  variable: string;
  defaultCell: string;
  line: number;
}

const CONFIGURATION_HEADING = /^##\s+Configuration\s*#*\s*$/;
const SECTION_END = /^#{1,2}\s/;
const HEADER_CELLS = ['variable', 'default', 'meaning'];

function splitRow(line: string): string[] {
  const body = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return body.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const isTableLine = (line: string) => line.trim().startsWith('|');
const isDelimiterRow = (cells: string[]) => cells.every((cell) => /^:?-{3,}:?$/.test(cell));

/** The lines of the `## Configuration` section (fenced code skipped), with their 1-based line numbers. */
function configurationSection(markdown: string): { text: string; line: number }[] | undefined {
  const lines = markdown.split(/\r?\n/);
  let inFence = false;
  let section: { text: string; line: number }[] | undefined;
  for (const [index, text] of lines.entries()) {
    if (/^\s{0,3}(```|~~~)/.test(text)) inFence = !inFence;
    if (inFence) continue;
    if (section === undefined) {
      if (CONFIGURATION_HEADING.test(text)) section = [];
      continue;
    }
    if (SECTION_END.test(text)) break;
    section.push({ text, line: index + 1 });
  }
  return section;
}

/**
 * Reads the one table of the `## Configuration` section. Throws with the reason when the section, the table
 * or its header is missing, when the section holds more than one table, or when a row does not name one
 * variable in backticks.
 */
export function readConfigurationTable(markdown: string): ConfigurationRow[] {
  const section = configurationSection(markdown);
  if (section === undefined) throw new Error('no "## Configuration" section');
  const tables: { text: string; line: number }[][] = [];
  let previousWasTable = false;
  for (const entry of section) {
    const tableLine = isTableLine(entry.text);
    if (tableLine && !previousWasTable) tables.push([]);
    if (tableLine) tables.at(-1)?.push(entry);
    previousWasTable = tableLine;
  }
  if (tables.length === 0) throw new Error('the "## Configuration" section holds no table');
  if (tables.length > 1) throw new Error(`the "## Configuration" section holds ${tables.length} tables; it must hold one`);
  const [header, delimiter, ...body] = tables[0] ?? [];
  const headerCells = header ? splitRow(header.text).map((cell) => cell.toLowerCase()) : [];
  if (headerCells.join('|') !== HEADER_CELLS.join('|') || !delimiter || !isDelimiterRow(splitRow(delimiter.text))) {
    throw new Error(`the configuration table must start with the header row "| variable | default | meaning |" (line ${header?.line})`);
  }
  return body.map(({ text, line }) => {
    const cells = splitRow(text);
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? '');
    if (!name?.[1] || cells.length !== HEADER_CELLS.length) {
      throw new Error(
        `line ${line}: a row holds three cells and names one variable in backticks, e.g. "| \`PORT\` | \`8080\` | ... |": ${text}`,
      );
    }
    return { variable: name[1], defaultCell: cells[1] ?? '', line };
  });
}

type DocumentedDefault = { kind: 'required' } | { kind: 'unset' } | { kind: 'literal'; value: string } | { kind: 'phrase' };

function documentedDefault(cell: string): DocumentedDefault {
  const bare = cell.replace(/^`([^`]*)`$/, '$1');
  if (bare === 'required') return { kind: 'required' };
  if (bare === 'unset') return { kind: 'unset' };
  const literal = /^`([^`]*)`$/.exec(cell);
  if (literal) return { kind: 'literal', value: literal[1] ?? '' };
  return { kind: 'phrase' };
}

interface SchemaKey {
  /** The default as an operator writes it (the schema's input default), undefined when it has none. */
  defaultValue: string | undefined;
  /** Whether the schema refuses an environment without this variable. */
  required: boolean;
}

function describeSchema(schema: z.ZodObject): Map<string, SchemaKey> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { default?: unknown }>;
  };
  const keys = new Map<string, SchemaKey>();
  for (const [key, field] of Object.entries(schema.shape)) {
    const inputDefault = json.properties?.[key]?.default;
    keys.set(key, {
      defaultValue: inputDefault === undefined ? undefined : String(inputDefault),
      required: !(field as z.ZodType).safeParse(undefined).success,
    });
  }
  return keys;
}

const shown = (value: string | undefined) => (value === undefined ? 'no default' : `\`${value}\``);

/**
 * Compares a README's configuration table with a zod object schema over the environment and returns one
 * sentence per difference (an empty list when they agree): variables missing from the table, rows the
 * schema does not read, repeated rows, and defaults that disagree with the schema.
 */
export function configurationTableProblems(markdown: string, schema: z.ZodObject): string[] {
  let rows: ConfigurationRow[];
  try {
    rows = readConfigurationTable(markdown);
  } catch (error) {
    return [(error as Error).message];
  }
  const keys = describeSchema(schema);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { variable, defaultCell, line } of rows) {
    const key = keys.get(variable);
    if (seen.has(variable)) problems.push(`${variable}: listed more than once (again at line ${line})`);
    seen.add(variable);
    if (!key) {
      problems.push(`${variable}: extra row (line ${line}); the config schema has no such variable`);
      continue;
    }
    const documented = documentedDefault(defaultCell);
    if (key.required && documented.kind !== 'required') {
      problems.push(
        `${variable}: the schema refuses to start without it, so its default must read \`required\` (line ${line} says ${defaultCell || 'nothing'})`,
      );
    } else if (documented.kind === 'required' && !key.required) {
      problems.push(`${variable}: documented as required, but the schema starts without it (${shown(key.defaultValue)}; line ${line})`);
    } else if (documented.kind === 'unset' && key.defaultValue !== undefined) {
      problems.push(`${variable}: documented as unset, but the schema's default is ${shown(key.defaultValue)} (line ${line})`);
    } else if (documented.kind === 'literal' && documented.value !== key.defaultValue) {
      const expected =
        key.defaultValue === undefined
          ? 'the schema has no default (write unset, or a phrase for a derived one)'
          : `the schema's default is \`${key.defaultValue}\``;
      problems.push(`${variable}: wrong default \`${documented.value}\` (line ${line}); ${expected}`);
    }
  }
  for (const variable of keys.keys()) {
    if (!seen.has(variable)) problems.push(`${variable}: missing from the configuration table; the config schema reads it`);
  }
  return problems;
}

/** configurationTableProblems for a README on disk; a missing file is one problem, not an exception. */
export async function readmeConfigurationProblems(readmePath: string, schema: z.ZodObject): Promise<string[]> {
  let markdown: string;
  try {
    markdown = await readFile(readmePath, 'utf8');
  } catch (error) {
    return [`cannot read ${readmePath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`];
  }
  return configurationTableProblems(markdown, schema).map((problem) => `${readmePath}: ${problem}`);
}
