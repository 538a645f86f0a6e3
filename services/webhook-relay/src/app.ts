import express from 'express';
import { buildWebhookRelayOpenApi } from '@workspace/contracts';
import { httpMetrics, registerHealthRoutes, registerMetricsRoute, requestLogging, securityHeaders } from '@workspace/service-kit';
import type { Deps } from './deps.js';
import { dashboardSessionMiddleware } from './dashboard/dashboard-sessions.js';
import { serveDashboard } from './dashboard/serve-dashboard.js';
import { KeyUseRecorder } from './domain/api-keys/key-use-recorder.js';
import { RelayError } from './domain/relay-error.js';
import { requirePrincipal } from './http/authenticate.js';
import { relayErrorHandler } from './http/error-handler.js';
import { jsonRequestBody } from './http/json-request-body.js';
import { PrincipalWatch } from './http/principal-watch.js';
import { registerAdminRoutes } from './http/routes/admin-tenants.js';
import { registerApiKeyRoutes } from './http/routes/api-keys.js';
import { registerAuditRoutes } from './http/routes/audit.js';
import { registerDashboardSessionRoutes } from './http/routes/dashboard-session.js';
import { registerDeliveryRoutes } from './http/routes/deliveries.js';
import { registerBulkRetryRoutes } from './http/routes/bulk-retries.js';
import { registerDestinationRoutes } from './http/routes/destinations.js';
import { registerIssueRoutes } from './http/routes/issues.js';
import { registerEndpointRoutes } from './http/routes/endpoints.js';
import { registerEventRoutes } from './http/routes/events.js';
import { registerEventTypeRoutes } from './http/routes/event-types.js';
import { registerInstallRoutes } from './http/routes/install.js';
import { registerProviderSecretRoutes } from './http/routes/provider-secrets.js';
import { registerSignInRoutes } from './http/routes/sign-in.js';
import { registerSubscriptionRoutes } from './http/routes/subscriptions.js';
import { registerUsageRoutes } from './http/routes/usage.js';
import { registerStatsRoutes } from './http/routes/stats.js';
import { registerTriggerRoutes } from './http/routes/triggers.js';
import { registerTransformationRoutes } from './http/routes/transformations.js';
import { registerMcpRoutes } from './http/routes/mcp.js';
import { registerOAuthRoutes } from './http/routes/oauth.js';
import { registerOAuthConsentRoutes } from './http/routes/oauth-consent.js';
import { registerNotificationRoutes } from './http/routes/notifications.js';
import { PgClientsStore } from './mcp/oauth/client-store.js';
import { RelayOAuthProvider } from './mcp/oauth/relay-oauth-provider.js';

export const MAX_API_BODY_BYTES = 256 * 1024;

/** The REST API (port 8100). Ingest has its own listener and app. */
export function createApp(deps: Deps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.set('query parser', 'simple');

  app.use(requestLogging(deps.logger));
  app.use(securityHeaders);
  if (deps.metrics) app.use(httpMetrics(deps.metrics.service));
  if (deps.metrics && deps.config.METRICS_PORT === undefined) registerMetricsRoute(app, deps.metrics.service);
  registerHealthRoutes(app, { database: () => deps.pool.query('SELECT 1') });
  const openApi = buildWebhookRelayOpenApi();
  app.get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });

  registerInstallRoutes(app, { browserSignIn: (deps.signIn?.providers.length ?? 0) > 0 });

  const json = jsonRequestBody(MAX_API_BODY_BYTES);
  const sessions = deps.dashboard ? dashboardSessionMiddleware(deps.dashboard) : undefined;
  registerSignInRoutes(app, deps, sessions);
  if (sessions) registerDashboardSessionRoutes(app, deps, sessions, json);
  serveDashboard(app);
  const principals = new PrincipalWatch({
    tenants: deps.tenants,
    sessions: deps.dashboard?.store,
    onError: (error) => deps.logger.warn({ err: error }, 'could not check whether open live feeds’ keys and sessions still stand'),
  });
  if (deps.mcp) {
    const clients = new PgClientsStore(deps.pool, deps.runtime);
    const provider = new RelayOAuthProvider(deps.pool, deps.tenants, deps.runtime, deps.mcp.oauth, clients, deps.logger);
    registerOAuthRoutes(app, deps, provider, clients, deps.mcp.oauth);
    registerOAuthConsentRoutes(app, deps, deps.mcp.oauth, clients, sessions);
    registerMcpRoutes(app, deps, deps.mcp, provider, principals);
  }

  const keyUse = new KeyUseRecorder(deps.tenants, deps.runtime, (error) =>
    deps.logger.warn({ err: error }, 'could not record when an API key was last used'),
  );
  app.use('/v1', requirePrincipal({ pool: deps.pool, tenants: deps.tenants, keyUse, sessions, principals }));
  registerApiKeyRoutes(app, deps, json);
  registerEndpointRoutes(app, deps, json);
  registerStatsRoutes(app, deps);
  registerProviderSecretRoutes(app, deps, json);
  registerEventRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerUsageRoutes(app, deps);
  registerDestinationRoutes(app, deps, json);
  registerTransformationRoutes(app, deps, json);
  registerSubscriptionRoutes(app, deps, json);
  registerDeliveryRoutes(app, deps, json);
  registerBulkRetryRoutes(app, deps, json);
  registerIssueRoutes(app, deps, json);
  registerTriggerRoutes(app, deps, json);
  registerNotificationRoutes(app, deps, json);
  registerEventTypeRoutes(app, deps, json);
  registerAdminRoutes(app, deps, json);

  app.use((req, _res, next) => next(new RelayError('not_found', `no route for ${req.method} ${req.path}`)));
  app.use(relayErrorHandler(deps.logger));
  return app;
}
