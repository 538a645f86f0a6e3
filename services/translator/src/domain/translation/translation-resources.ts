// Glossaries, translation memories and style rules a translation may name, looked up before the
// engine is asked. One deployment is one organization: every key sees the same resources.
import type { ConnectionPool } from '../../db/database.js';
import { entriesFromTsv } from '../glossaries/glossary-entries.js';
import { GlossaryMatcher } from '../glossaries/glossary-matcher.js';
import { isGlossaryId } from '../glossaries/glossary-record.js';
import { baseLanguage } from '../languages/language-catalog.js';
import { TranslatorError } from '../translator-error.js';

export interface TranslationResources {
  /** The matchers of these glossaries for the pair, in the order given; 404 for an unknown id, 400 for a glossary without the pair. */
  glossaries(ids: string[], source: string, target: string, parameter: string): Promise<GlossaryMatcher[]>;
  translationMemoryExists(memoryId: string): Promise<boolean>;
  styleRuleExists(styleId: string): Promise<boolean>;
}

const MATCHER_CACHE_SIZE = 64;

export class StoredResources implements TranslationResources {
  // Matchers by glossary, pair and version: a glossary edited anywhere gets a new version, so a
  // replica never applies stale entries and rebuilds a matcher only after a change.
  private readonly matchers = new Map<string, GlossaryMatcher>();

  constructor(private readonly pool: ConnectionPool) {}

  async glossaries(ids: string[], source: string, target: string, parameter: string): Promise<GlossaryMatcher[]> {
    const targetBase = baseLanguage(target);
    return Promise.all(ids.map((id) => this.glossary(id, source, targetBase, parameter)));
  }

  private async glossary(id: string, source: string, target: string, parameter: string): Promise<GlossaryMatcher> {
    const notFound = new TranslatorError('NOT_FOUND', `Glossary '${id}' (named by '${parameter}') not found.`);
    if (!isGlossaryId(id)) throw notFound;
    const { rows } = await this.pool.query<{ version: number; has_pair: boolean }>(
      `SELECT g.version, EXISTS (SELECT 1 FROM glossary_dictionaries d WHERE d.glossary_id = g.id AND d.source_lang = $2 AND d.target_lang = $3) AS has_pair
         FROM glossaries g WHERE g.id = $1`,
      [id, source, target],
    );
    const row = rows[0];
    if (!row) throw notFound;
    if (!row.has_pair) {
      throw new TranslatorError('BAD_REQUEST', `Glossary '${id}' (named by '${parameter}') has no ${source}->${target} dictionary; every glossary must hold the requested language pair.`);
    }
    const key = `${id}:${source}:${target}:${row.version}`;
    const cached = this.matchers.get(key);
    if (cached) return cached;
    const { rows: dictionaries } = await this.pool.query<{ entries: string }>(
      'SELECT entries FROM glossary_dictionaries WHERE glossary_id = $1 AND source_lang = $2 AND target_lang = $3',
      [id, source, target],
    );
    // Deleted between the two statements: as if it had never been there.
    if (!dictionaries[0]) throw notFound;
    const matcher = new GlossaryMatcher(entriesFromTsv(dictionaries[0].entries));
    if (this.matchers.size >= MATCHER_CACHE_SIZE) this.matchers.delete(this.matchers.keys().next().value!);
    this.matchers.set(key, matcher);
    return matcher;
  }

  // Translation memories and style rules arrive with their own endpoints; until then every id is unknown.
  async translationMemoryExists(): Promise<boolean> {
    return false;
  }

  async styleRuleExists(): Promise<boolean> {
    return false;
  }
}
