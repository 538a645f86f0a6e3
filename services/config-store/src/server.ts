import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { installGracefulShutdown, keepIdleConnectionsOpen, listenOn, metricsServer, migrateOnStart } from '@workspace/service-kit';
import { createApp } from './app.js';
import { readConfig } from './config.js';
import { connectResources } from './deps.js';
import { ensureBootstrapUser } from './domain/ensure-bootstrap-user.js';
import { resolveSessionSecrets } from './domain/session-secrets.js';

const serviceRoot = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = readConfig();
  const resources = await connectResources(config);
  const { db, logger } = resources;

  if (config.MIGRATE_ON_START) await migrateOnStart({ databaseUrl: config.DATABASE_URL, serviceRoot, logger });

  await ensureBootstrapUser({
    db,
    logger,
    username: config.CONFIG_STORE_USERNAME,
    password: config.CONFIG_STORE_PASSWORD,
    production: config.NODE_ENV === 'production',
  });
  if (!config.SESSION_SECRET) logger.warn('SESSION_SECRET is not set: using the secret generated and kept in the database');
  const sessionSecrets = await resolveSessionSecrets({ db, configured: config.SESSION_SECRET });

  const app = createApp({ ...resources, sessionSecrets, config });
  const server = keepIdleConnectionsOpen(createServer(app));
  // METRICS_PORT: /metrics on a port of its own, which no Ingress routes to (else the app serves it).
  const ownMetricsPort = config.METRICS_ENABLED ? config.METRICS_PORT : undefined;
  const metricsListener = ownMetricsPort === undefined ? undefined : metricsServer(resources.metrics.service);
  installGracefulShutdown(server, {
    logger,
    closers: [
      ...(metricsListener
        ? [{ name: 'metrics listener', close: () => new Promise<void>((resolve) => metricsListener.close(() => resolve())) }]
        : []),
      { name: 'database and redis', close: () => resources.close() },
      { name: 'log buffer', close: async () => logger.flush() },
    ],
  });
  const port = await listenOn(server, { port: config.PORT, host: config.HOST, setting: 'PORT' });
  logger.info({ port, host: config.HOST }, 'config-store listening');
  if (metricsListener) {
    const metricsPort = await listenOn(metricsListener, { port: ownMetricsPort ?? 0, host: config.HOST, setting: 'METRICS_PORT' });
    logger.info({ port: metricsPort, host: config.HOST }, 'config-store metrics listening');
  }
  logger.flush();
}

main().catch((error: unknown) => {
  process.stderr.write(`config-store failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
