// The words of the organization's glossary terms in one language (sources of its dictionaries from that
// language, targets of those into it), which the offline writer's spelling never changes: a glossary
// holds the spellings the organization chose (product names, jargon) that no dictionary knows.
import type { ConnectionPool } from '../../db/database.js';
import { entriesFromTsv } from '../glossaries/glossary-entries.js';

// Which glossaries touch the language, with their versions: a cheap check that the cached words still hold.
const FINGERPRINT = `
SELECT coalesce(string_agg(g.id::text || ':' || g.version, ',' ORDER BY g.id), '') AS fingerprint
  FROM glossaries g
 WHERE EXISTS (SELECT 1 FROM glossary_dictionaries d WHERE d.glossary_id = g.id AND (d.source_lang = $1 OR d.target_lang = $1))`;

const DICTIONARIES = `
SELECT source_lang, target_lang, entries FROM glossary_dictionaries WHERE source_lang = $1 OR target_lang = $1`;

export class GlossaryTerms {
  private readonly cached = new Map<string, { fingerprint: string; words: ReadonlySet<string> }>();

  constructor(private readonly pool: ConnectionPool) {}

  /** Lower-cased words of every term in the language (a base code, upper-case). */
  async wordsFor(language: string): Promise<ReadonlySet<string>> {
    const { rows } = await this.pool.query<{ fingerprint: string }>({
      name: 'translator-glossary-terms-fingerprint',
      text: FINGERPRINT,
      values: [language],
    });
    const fingerprint = rows[0]?.fingerprint ?? '';
    const cached = this.cached.get(language);
    if (cached?.fingerprint === fingerprint) return cached.words;
    const words = new Set<string>();
    if (fingerprint !== '') {
      const dictionaries = await this.pool.query<{ source_lang: string; target_lang: string; entries: string }>({
        name: 'translator-glossary-terms',
        text: DICTIONARIES,
        values: [language],
      });
      for (const row of dictionaries.rows) {
        for (const entry of entriesFromTsv(row.entries)) {
          const terms = [...(row.source_lang === language ? [entry.source] : []), ...(row.target_lang === language ? [entry.target] : [])];
          for (const term of terms) for (const word of term.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []) words.add(word);
        }
      }
    }
    this.cached.set(language, { fingerprint, words });
    return words;
  }
}
