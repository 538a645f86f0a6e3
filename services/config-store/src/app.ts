import express from 'express';
import { httpMetrics, jsonBody, registerHealthRoutes, registerMetricsRoute, requestLogging, securityHeaders } from '@workspace/service-kit';
import type { Deps } from './deps.js';
import { AppError } from './domain/app-error.js';
import { configStoreErrorHandler } from './http/error-handler.js';
import { loginRateLimits } from './http/login-rate-limit.js';
import { requireSession } from './http/require-session.js';
import { registerAuthRoutes } from './http/routes/auth.js';
import { registerConfigurationRoutes } from './http/routes/configurations.js';
import { sessionMiddleware } from './http/session-middleware.js';
import { loginOutcome, type RateLimitScope } from './metrics/config-store-metrics.js';

export const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(deps: Deps): express.Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Nothing here is cacheable (every answer depends on the session), so no ETag hashing per response.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('query parser', 'simple');

  app.use(requestLogging(deps.logger));
  app.use(securityHeaders);
  const { metrics } = deps;
  if (metrics) {
    app.use(httpMetrics(metrics.service));
    // Logins by outcome and sessions made or ended, read from the answers of the two routes that do it.
    app.use(['/login', '/logout'], (req, res, next) => {
      const login = req.baseUrl === '/login';
      res.on('finish', () => {
        if (req.method !== 'POST') return;
        if (login) {
          const outcome = loginOutcome(res.statusCode);
          metrics.logins.inc({ outcome });
          if (outcome === 'succeeded') metrics.sessions.inc({ event: 'created' });
        } else if (res.statusCode === 200) metrics.sessions.inc({ event: 'ended' });
      });
      next();
    });
    if (!deps.metricsOnOwnPort) registerMetricsRoute(app, metrics.service);
  }
  registerHealthRoutes(app, { database: () => deps.db.$queryRaw`SELECT 1`, redis: () => deps.redis.ping() });
  // Parsed only on the routes that take a body, and past the session check there: a stranger's
  // body is never read, and reads skip the parser altogether.
  const json = jsonBody({ limit: MAX_BODY_BYTES });

  const limits = loginRateLimits({
    redis: deps.redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    maxFailuresPerUserAndAddress: config.LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS,
    maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    maxFailuresPerUser: config.LOGIN_MAX_FAILURES_PER_USER,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    delay: {
      afterFailures: config.LOGIN_DELAY_AFTER_FAILURES,
      baseMilliseconds: config.LOGIN_DELAY_BASE_MILLISECONDS,
      maxMilliseconds: config.LOGIN_DELAY_MAX_MILLISECONDS,
    },
    ...(metrics ? { onRefused: (scope: RateLimitScope) => metrics.rateLimitRefusals.inc({ scope }) } : {}),
  });
  const sessions = sessionMiddleware({ store: deps.sessionStore, secrets: deps.sessionSecrets, ttlSeconds: config.SESSION_TTL_SECONDS });
  registerAuthRoutes(app, { db: deps.db, loginRateLimits: limits, sessions, json });
  // Everything past login needs a session, unknown paths included: no probing without one.
  app.use(requireSession({ store: deps.sessionStore, secrets: deps.sessionSecrets }));
  registerConfigurationRoutes(app, { db: deps.db, pool: deps.pool, json });
  app.use((req, _res, next) => next(new AppError('NOT_FOUND', `no route for ${req.method} ${req.path}`)));
  app.use(configStoreErrorHandler(deps.logger));
  return app;
}
