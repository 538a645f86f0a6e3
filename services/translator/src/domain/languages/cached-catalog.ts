import type { TranslationEngine } from '../../engine/engine.js';
import { LanguageCatalog } from './language-catalog.js';

/**
 * The engine's languages, read once and then refreshed every `refreshMs` (an upstream may add
 * languages); a failed refresh keeps serving the last good catalog.
 */
export function cachedCatalog(engine: TranslationEngine, refreshMs: number, now: () => number = Date.now): () => Promise<LanguageCatalog> {
  let current: { catalog: Promise<LanguageCatalog>; readAt: number } | undefined;
  return () => {
    if (!current || now() - current.readAt > refreshMs) {
      const previous = current;
      const catalog = engine.languages().then((languages) => new LanguageCatalog(languages));
      current = { catalog, readAt: now() };
      catalog.catch(() => {
        current = previous;
      });
      return previous ? catalog.catch(() => previous.catalog) : catalog;
    }
    return current.catalog;
  };
}
