import { createLogger, type Logger } from '@workspace/service-kit';
import type { AppDeps } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { KeyAuthenticator } from './domain/keys/authenticate-key.js';
import { cachedCatalog } from './domain/languages/cached-catalog.js';
import { InflightLimit } from './domain/translation/inflight-limit.js';
import { noStoredResources } from './domain/translation/translation-resources.js';
import { UsageMeter } from './domain/usage/usage-meter.js';
import { createEngine } from './engine/create-engine.js';
import type { TranslationEngine } from './engine/engine.js';
import { createLanguageDetector } from './languages/detect-language.js';

const CATALOG_REFRESH_MS = 10 * 60 * 1000;

export interface Resources extends AppDeps {
  logger: Logger;
  close(): Promise<void>;
}

/** Everything the app needs from the outside world, built from the configuration. */
export function connectResources(config: Config, engine: TranslationEngine = createEngine(config)): Resources {
  const logger = createLogger({ service: 'translator', level: config.LOG_LEVEL, buffered: config.NODE_ENV === 'production' });
  const database = openDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE, (error) =>
    logger.warn({ err: error }, 'an idle database connection was closed by the server'),
  );
  const now = () => new Date();
  return {
    db: database.db,
    authenticator: new KeyAuthenticator(database.pool, config.TRANSLATOR_KEY_CACHE_MS),
    logger,
    engine,
    catalog: cachedCatalog(engine, CATALOG_REFRESH_MS),
    detector: createLanguageDetector(),
    resources: noStoredResources,
    meter: new UsageMeter(database.pool, now),
    inflight: new InflightLimit(config.TRANSLATOR_MAX_INFLIGHT_CHARACTERS),
    now,
    trustProxy: config.TRUST_PROXY,
    async close() {
      await engine.close();
      await database.close();
    },
  };
}
