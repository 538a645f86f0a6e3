// Baseline for the ingest figure: a bare Node http handler that stores each request with one
// INSERT and its own COMMIT (autocommit), then answers 200. Started by ingest.ts.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 16) });
await pool.query(`CREATE TABLE IF NOT EXISTS bare_captures (
  id uuid PRIMARY KEY, received_at timestamptz NOT NULL, method text NOT NULL, path text NOT NULL, headers jsonb NOT NULL, body bytea NOT NULL)`);

createServer((req, res) => {
  if (req.url === '/healthz') return void res.end('ok');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    pool
      .query('INSERT INTO bare_captures (id, received_at, method, path, headers, body) VALUES ($1, now(), $2, $3, $4, $5)', [
        randomUUID(),
        req.method,
        req.url,
        JSON.stringify(req.rawHeaders),
        Buffer.concat(chunks),
      ])
      .then(
        () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"ok":true}');
        },
        () => {
          res.writeHead(503);
          res.end();
        },
      );
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
