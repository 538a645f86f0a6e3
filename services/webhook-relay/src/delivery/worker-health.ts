import { createServer, type Server } from 'node:http';
import express from 'express';
import type { Redis } from 'ioredis';
import { registerHealthRoutes, registerMetricsRoute, type ServiceMetrics } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';

/**
 * The worker process's probes, on their own port: `/healthz` (the process is up) and `/readyz`
 * (PostgreSQL, which holds the outbox, and Redis, which carries the wake-ups, both answer), and the
 * process's `/metrics` (delivery attempts, dead letters, reconciler repairs) when metrics are on.
 */
export function workerHealthServer(dependencies: { pool: ConnectionPool; redis: Redis; metrics?: ServiceMetrics }): Server {
  const app = express();
  app.disable('x-powered-by');
  registerHealthRoutes(app, {
    database: () => dependencies.pool.query('SELECT 1'),
    redis: () => dependencies.redis.ping(),
  });
  if (dependencies.metrics) registerMetricsRoute(app, dependencies.metrics);
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'the worker answers /healthz, /readyz and /metrics only' } });
  });
  return createServer(app);
}
