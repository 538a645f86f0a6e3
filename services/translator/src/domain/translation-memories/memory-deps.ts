import type { Database } from '../../db/database.js';

export interface MemoryDeps {
  db: Database;
  now: () => Date;
  newId: () => string;
  /** The unguessable part of an upload or download URL. */
  newToken: () => string;
  /** Largest file an import takes (TRANSLATOR_MAX_TRANSLATION_MEMORY_FILE_BYTES). */
  maxMemoryFileBytes: number;
  /** How long an upload or download URL works. */
  memoryUrlTtlMs: number;
}
