import express from 'express';
import { formBody, HttpProblem, jsonBody, registerHealthRoutes, requestLogging, type Logger } from '@workspace/service-kit';
import type { Database } from './db/database.js';
import type { KeyAuthenticator } from './domain/keys/authenticate-key.js';
import type { LanguageCatalog } from './domain/languages/language-catalog.js';
import { TranslatorError } from './domain/translator-error.js';
import type { TranslateTextsDeps } from './domain/translation/translate-texts.js';
import type { UsageMeter } from './domain/usage/usage-meter.js';
import { requireKey } from './http/authenticate.js';
import { translatorErrorHandler } from './http/error-handler.js';
import { registerLanguageRoutes } from './http/routes/languages.js';
import { registerTranslateRoutes } from './http/routes/translate.js';
import { registerUsageRoutes } from './http/routes/usage.js';
import { newTraceId, traceIdHeader } from './http/trace-id.js';

// The 128 KiB limit is checked on the texts themselves (domain/translation/request-size.ts); the raw
// body may be larger by the encoding's overhead, up to this cap.
export const MAX_RAW_BODY_BYTES = 512 * 1024;

export interface AppDeps extends TranslateTextsDeps {
  db: Database;
  authenticator: KeyAuthenticator;
  logger: Logger;
  meter: UsageMeter;
  catalog: () => Promise<LanguageCatalog>;
  now: () => Date;
  trustProxy: boolean | number | string;
}

export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestLogging(deps.logger, { newId: newTraceId }));
  app.use(traceIdHeader);
  registerHealthRoutes(app, {
    database: () => deps.db.$queryRaw`SELECT 1`,
    engine: () => deps.engine.checkReady(),
  });

  app.use('/v2', requireKey(deps.authenticator));
  app.use(jsonBody({ limit: MAX_RAW_BODY_BYTES }));
  app.use(formBody({ limit: MAX_RAW_BODY_BYTES }));
  app.use((req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && req.method !== 'GET' && !req.is(['application/json', 'application/*+json', 'application/x-www-form-urlencoded'])) {
      return next(new HttpProblem(415, 'Content-Type must be application/json or application/x-www-form-urlencoded.'));
    }
    next();
  });

  registerTranslateRoutes(app, deps);
  registerLanguageRoutes(app, deps.catalog);
  registerUsageRoutes(app, deps.meter, deps.now);
  app.use((req, _res, next) => next(new TranslatorError('NOT_FOUND', `Not found: no route for ${req.method} ${req.path}.`)));
  app.use(translatorErrorHandler(deps.logger));
  return app;
}
