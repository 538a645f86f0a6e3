// Glossaries, translation memories and style rules a translation may name, looked up before the
// engine is asked. One deployment is one organization: every key sees the same resources.
import type { ConnectionPool } from '../../db/database.js';
import { entriesFromTsv } from '../glossaries/glossary-entries.js';
import { GlossaryMatcher } from '../glossaries/glossary-matcher.js';
import { isGlossaryId } from '../glossaries/glossary-record.js';
import { baseLanguage } from '../languages/language-catalog.js';
import { isUuid } from '../translation-memories/memory-record.js';
import { MemoryMatcher } from '../translation-memories/memory-matcher.js';
import { TranslatorError } from '../translator-error.js';

export interface StyleForTranslation {
  /** The prompts of the list's custom instructions, in the order they were created. */
  customInstructions: string[];
}

export interface TranslationResources {
  /** The matchers of these glossaries for the pair, in the order given; 404 for an unknown id, 400 for a glossary without the pair. */
  glossaries(ids: string[], source: string, target: string, parameter: string): Promise<GlossaryMatcher[]>;
  /** The memory's matcher for the pair; 404 for an unknown id or a memory without the pair (`source` undefined: detected). */
  translationMemory(memoryId: string, source: string | undefined, target: string): Promise<MemoryMatcher>;
  /** 404 for an unknown id, 400 when the list's language is not the target's. */
  styleRule(styleId: string, target: string): Promise<StyleForTranslation>;
}

const MATCHER_CACHE_SIZE = 64;

export class StoredResources implements TranslationResources {
  // Matchers by glossary, pair and version: a glossary edited anywhere gets a new version, so a
  // replica never applies stale entries and rebuilds a matcher only after a change.
  private readonly matchers = new Map<string, GlossaryMatcher>();
  // The same for memories: by memory, target and version.
  private readonly memoryMatchers = new Map<string, MemoryMatcher>();

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
      throw new TranslatorError(
        'BAD_REQUEST',
        `No dictionary found for language pair ${source}-${target} in glossary ${id} (named by '${parameter}'); every glossary must hold the requested language pair.`,
      );
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

  async translationMemory(memoryId: string, source: string | undefined, target: string): Promise<MemoryMatcher> {
    const notFound = new TranslatorError('NOT_FOUND', `Translation memory '${memoryId}' (named by 'translation_memory_id') not found.`);
    if (!isUuid(memoryId)) throw notFound;
    const { rows } = await this.pool.query<{ source_lang: string; target_langs: string[]; version: number }>(
      'SELECT source_lang, target_langs, version FROM translation_memories WHERE id = $1',
      [memoryId],
    );
    const memory = rows[0];
    if (!memory) throw notFound;
    const targetBase = baseLanguage(target);
    if (source !== undefined && memory.source_lang !== source) {
      throw new TranslatorError(
        'NOT_FOUND',
        `Translation Memory '${memoryId}' does not support the source language '${source}' (it translates from ${memory.source_lang}).`,
      );
    }
    if (!memory.target_langs.includes(targetBase)) {
      throw new TranslatorError(
        'NOT_FOUND',
        `Translation Memory '${memoryId}' does not support the target language '${target}' (it holds ${memory.target_langs.join(', ')}).`,
      );
    }
    const key = `${memoryId}:${targetBase}:${memory.version}`;
    const cached = this.memoryMatchers.get(key);
    if (cached) return cached;
    const { rows: entries } = await this.pool.query<{ source: string; target: string }>(
      `SELECT s.source_text AS source, t.target_text AS target
         FROM translation_memory_segments s JOIN translation_memory_targets t ON t.segment_id = s.id
        WHERE s.memory_id = $1 AND t.target_lang = $2 ORDER BY s.position`,
      [memoryId, targetBase],
    );
    const matcher = new MemoryMatcher(entries, memory.source_lang);
    if (this.memoryMatchers.size >= MATCHER_CACHE_SIZE) this.memoryMatchers.delete(this.memoryMatchers.keys().next().value!);
    this.memoryMatchers.set(key, matcher);
    return matcher;
  }

  async styleRule(styleId: string, target: string): Promise<StyleForTranslation> {
    const notFound = new TranslatorError('NOT_FOUND', `Style rule list '${styleId}' (named by 'style_id') not found.`);
    if (!isUuid(styleId)) throw notFound;
    const { rows } = await this.pool.query<{ language: string }>('SELECT language FROM style_rules WHERE id = $1', [styleId]);
    if (!rows[0]) throw notFound;
    const targetLanguage = baseLanguage(target).toLowerCase();
    if (rows[0].language !== targetLanguage) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `Value for 'style_id' not supported: style rule list '${styleId}' is for language '${rows[0].language}', but target_lang is '${target}'.`,
      );
    }
    const { rows: instructions } = await this.pool.query<{ prompt: string }>(
      'SELECT prompt FROM style_rule_instructions WHERE style_rule_id = $1 ORDER BY created_at, id',
      [styleId],
    );
    return { customInstructions: instructions.map((instruction) => instruction.prompt) };
  }
}
