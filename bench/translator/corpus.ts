// The English text every translator figure uses: the paragraphs of six licenses from
// /usr/share/common-licenses, split on blank lines, whitespace collapsed, empty ones dropped.
import { readFileSync } from 'node:fs';

const LICENSES = ['GPL-3', 'GPL-2', 'Apache-2.0', 'GFDL-1.3', 'LGPL-2.1', 'MPL-2.0'];

export function licenseParagraphs(dir = '/usr/share/common-licenses'): string[] {
  return LICENSES.flatMap((name) =>
    readFileSync(`${dir}/${name}`, 'utf8')
      .split(/\n[^\S\n]*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  );
}

export const totalChars = (texts: string[]): number => texts.reduce((sum, text) => sum + text.length, 0);

/** The paragraphs in order, over and over, until at least `chars` characters: a fixed amount of work. */
export function workload(paragraphs: string[], chars: number): string[] {
  const work: string[] = [];
  for (let sent = 0, i = 0; sent < chars; i = (i + 1) % paragraphs.length) {
    work.push(paragraphs[i]!);
    sent += paragraphs[i]!.length;
  }
  return work;
}
