import type { Database } from '../../db/database.js';
import type { LanguageCatalog } from '../languages/language-catalog.js';

export interface GlossaryDeps {
  db: Database;
  catalog: () => Promise<LanguageCatalog>;
  now: () => Date;
  newId: () => string;
  /** Glossaries the organization may hold (DeepL: 1000 per account). */
  maxGlossaries: number;
}

// Any constant shared by all replicas: makes "count glossaries, then insert" one step.
export const GLOSSARY_COUNT_LOCK = 7_304_212;
