import type { Output } from './output.js';

/** Rows under a header, columns padded to their widest cell (the last one is not padded). */
export function printTable(output: Output, header: string[], rows: string[][]): void {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  for (const row of all)
    output.line(row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
}

/** Every item of an async iterator (a `list…All` of the client), or its first `limit`: no page past them is asked for. */
export async function collect<Item>(items: AsyncIterable<Item>, limit = Infinity): Promise<Item[]> {
  const all: Item[] = [];
  if (limit <= 0) return all;
  for await (const item of items) {
    all.push(item);
    if (all.length >= limit) break;
  }
  return all;
}

/** `a,b,c` as a list (empty parts dropped). */
export const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
