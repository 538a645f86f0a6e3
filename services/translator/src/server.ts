import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { installGracefulShutdown, keepIdleConnectionsOpen, listenOn, metricsServer, migrateOnStart } from '@workspace/service-kit';
import { createApp } from './app.js';
import { readConfig } from './config.js';
import { connectResources } from './deps.js';
import { ensureAdminKey } from './domain/keys/ensure-admin-key.js';
import { resumeMemoryJobs } from './domain/translation-memories/resume-memory-jobs.js';
import { ApertiumEngine } from './engine/apertium/apertium-engine.js';
import { attachVoiceStreaming } from './http/routes/voice-streaming.js';

const serviceRoot = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = readConfig();
  const resources = connectResources(config);
  const { db, logger, engine } = resources;

  if (config.MIGRATE_ON_START) await migrateOnStart({ databaseUrl: config.DATABASE_URL, serviceRoot, logger });
  await ensureAdminKey(db, logger, config.TRANSLATOR_ADMIN_KEY);
  resources.keyChanges.start();
  // Documents queued or left in translation by a stopped process are taken up again (they are in PostgreSQL).
  resources.documentWorker.start();
  // Voice jobs uploaded, or left in progress by a stopped process, are taken up again (from their checkpoint).
  resources.voiceJobWorker.start();
  // Imports and exports a stopped process left half done: their files are in PostgreSQL.
  resumeMemoryJobs(resources).then(
    (count) => count > 0 && logger.info({ count }, 'resumed translation memory jobs'),
    (error: unknown) => logger.warn({ err: error }, 'could not resume translation memory jobs; they stay processing until the next start'),
  );

  const languages = await engine.languages();
  logger.info({ engine: engine.name, pairs: languages.pairs.length }, 'translation engine configured');
  if (languages.pairs.length === 0)
    logger.warn('the engine serves no language pair: install Apertium pairs (apertium-eng-spa, ...) or configure an upstream');
  if (engine instanceof ApertiumEngine) {
    const { name, warning } = engine.stageAllocator;
    if (warning) logger.warn(warning);
    else logger.info({ allocator: name }, 'Apertium stages run with this malloc');
  }
  if (engine instanceof ApertiumEngine && languages.pairs.length > 0) {
    engine.warm(config.APERTIUM_WARM_PAIRS).then(
      () => logger.info({ pairs: config.APERTIUM_WARM_PAIRS }, 'Apertium chains warmed up'),
      (error: unknown) => logger.warn({ err: error }, 'could not warm up the Apertium chains; they start on first use'),
    );
  }

  // Spelling dictionaries build in their own threads; /readyz answers 200 once the preloaded ones are in.
  resources.spelling?.preload();

  const server = keepIdleConnectionsOpen(createServer(createApp(resources)));
  // Voice sessions' WebSocket (/v3/voice/realtime/connect) on the same port.
  const voiceStreaming = attachVoiceStreaming(server, resources);
  // METRICS_PORT: /metrics on a port of its own, which no Ingress routes to (else the app serves it).
  const ownMetricsPort = config.METRICS_ENABLED ? config.METRICS_PORT : undefined;
  const metricsListener = ownMetricsPort === undefined ? undefined : metricsServer(resources.metrics.service);
  installGracefulShutdown(server, {
    logger,
    closers: [
      ...(metricsListener
        ? [{ name: 'metrics listener', close: () => new Promise<void>((resolve) => metricsListener.close(() => resolve())) }]
        : []),
      { name: 'voice sessions', close: () => voiceStreaming.close() },
      { name: 'engine and database', close: () => resources.close() },
      { name: 'log buffer', close: async () => logger.flush() },
    ],
  });
  const port = await listenOn(server, { port: config.PORT, host: config.HOST, setting: 'PORT' });
  logger.info({ port, host: config.HOST, engine: engine.name }, 'translator listening');
  if (metricsListener) {
    const metricsPort = await listenOn(metricsListener, { port: ownMetricsPort ?? 0, host: config.HOST, setting: 'METRICS_PORT' });
    logger.info({ port: metricsPort, host: config.HOST }, 'translator metrics listening');
  }
  logger.flush();
}

main().catch((error: unknown) => {
  process.stderr.write(`translator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
