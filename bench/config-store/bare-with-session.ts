// A diagnostic peer: the bare handler plus express-session over config-store's own Redis session
// store, and nothing else. It shows how much of the gap to the bare handler is the session layer
// the issue prescribes, as opposed to config-store's own code.
import express from 'express';
import { Redis } from 'ioredis';
import pg from 'pg';
import { sessionMiddleware } from '@workspace/config-store/session-middleware';
import { RedisSessionStore } from '@workspace/service-kit/sessions';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const store = new RedisSessionStore(new Redis(redisUrl), {
  prefix: process.env.REDIS_KEY_PREFIX!,
  ttlSeconds: 3600,
  cacheMilliseconds: 2000,
  subscriber: new Redis(redisUrl),
});
await store.listenForChanges();
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.use(sessionMiddleware({ store, secrets: [process.env.SESSION_SECRET!], ttlSeconds: 3600 }));
app.get('/configurations/:name', async (req, res) => {
  if (req.session.userId === undefined) return void res.status(403).json({ message: 'log in first' });
  const result = await pool.query('SELECT id, name, hostname, port, username FROM configurations WHERE name = $1', [req.params.name]);
  if (result.rows.length === 0) return void res.status(404).json({ message: 'not found' });
  res.json({ configurations: result.rows });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
