// The labelled short-string corpus of detector-corpus.txt: UI labels, product names, chat lines and
// everyday sentences written for this bench, keyed by DeepL base code.
import { readFileSync } from 'node:fs';

export type Band = 'under 5' | '5-19' | '20+';

export interface CorpusSample {
  language: string;
  text: string;
  band: Band;
  /** Every language whose block holds exactly this text ("Dompet kulit" is ID and MS): any of them is right. */
  accepted: string[];
}

export const bandOf = (text: string): Band => (text.length < 5 ? 'under 5' : text.length < 20 ? '5-19' : '20+');

export function loadCorpus(path = new URL('./detector-corpus.txt', import.meta.url)): CorpusSample[] {
  const entries: Array<{ language: string; text: string }> = [];
  let language: string | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const header = /^## ([A-Z]{2,3})$/.exec(line);
    if (header) language = header[1];
    else if (line.trim() !== '' && !line.startsWith('#')) {
      if (language === undefined) throw new Error(`sample before the first language header: ${line}`);
      entries.push({ language, text: line.trim() });
    }
  }
  const languagesOf = new Map<string, Set<string>>();
  for (const { language, text } of entries) languagesOf.set(text, (languagesOf.get(text) ?? new Set()).add(language));
  return entries.map(({ language, text }) => ({ language, text, band: bandOf(text), accepted: [...languagesOf.get(text)!] }));
}
