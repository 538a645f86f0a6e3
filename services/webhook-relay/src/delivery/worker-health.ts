import { createServer, type Server } from 'node:http';
import express from 'express';
import type { Redis } from 'ioredis';
import { registerHealthRoutes } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';

/**
 * The worker process's probes, on their own port: `/healthz` (the process is up) and `/readyz`
 * (PostgreSQL, which holds the outbox, and Redis, which carries the wake-ups, both answer).
 */
export function workerHealthServer(dependencies: { pool: ConnectionPool; redis: Redis }): Server {
  const app = express();
  app.disable('x-powered-by');
  registerHealthRoutes(app, {
    database: () => dependencies.pool.query('SELECT 1'),
    redis: () => dependencies.redis.ping(),
  });
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'the worker answers /healthz and /readyz only' } });
  });
  return createServer(app);
}
