// The practical limit of durable capture (issue 45): a bare Node http handler that gathers the requests
// arriving together into one multi-row INSERT per commit, at most 4 commits in flight, and answers each
// request 200 once the commit holding it is done. Started by ingest.ts beside bare-ingest.ts.
import { createServer, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const IN_FLIGHT = 4;
const MAX_ROWS = 500;

interface Waiting {
  row: [string, string, string, string, Buffer];
  res: ServerResponse;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: IN_FLIGHT });
await pool.query(`CREATE TABLE IF NOT EXISTS bare_captures (
  id uuid PRIMARY KEY, received_at timestamptz NOT NULL, method text NOT NULL, path text NOT NULL, headers jsonb NOT NULL, body bytea NOT NULL)`);

const queue: Waiting[] = [];
let inFlight = 0;

function flush(): void {
  while (inFlight < IN_FLIGHT && queue.length > 0) {
    const batch = queue.splice(0, MAX_ROWS);
    inFlight += 1;
    const column = (index: number) => batch.map((waiting) => waiting.row[index]);
    pool
      .query(
        `INSERT INTO bare_captures (id, received_at, method, path, headers, body)
         SELECT id, now(), method, path, headers::jsonb, body FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bytea[])
           AS t(id, method, path, headers, body)`,
        [column(0), column(1), column(2), column(3), column(4)],
      )
      .then(
        () => {
          for (const { res } of batch) {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('{"ok":true}');
          }
        },
        () => {
          for (const { res } of batch) res.writeHead(503).end();
        },
      )
      .finally(() => {
        inFlight -= 1;
        flush();
      });
  }
}

createServer((req, res) => {
  if (req.url === '/healthz') return void res.end('ok');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    queue.push({ row: [randomUUID(), req.method ?? 'POST', req.url ?? '/', JSON.stringify(req.rawHeaders), Buffer.concat(chunks)], res });
    flush();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
