// The baseline of the delivery figures (issue 45): the least durable work a FIFO webhook delivery needs, as
// a bare program. Per destination turn it reads the destination's next 20 pending rows in order from
// PostgreSQL, POSTs each in order over keep-alive with a Standard Webhooks HMAC signature, stops the turn at
// the first failure, and records the outcomes in one statement (an attempt row each, the delivered rows
// marked). BARE_CONCURRENCY destinations are worked at once (the relay's default delivery concurrency), a
// destination with rows left goes to the back of the line.
//
// Run by delivery-scale.ts as a process of its own (node strips the types), so its CPU is measured apart:
//   node bench/webhook-relay/bare-outbox-consumer.ts   with DATABASE_URL, RECEIVER_URL, BARE_CONCURRENCY,
//   BARE_SECRET (base64). Each line `go` on its stdin delivers the backlog pending then, and it prints one JSON
//   line for it: { "delivered": n, "ms": elapsed }. It ends when its stdin closes. One process takes several
//   backlogs, so the bench can measure it warm, as it measures the relay's workers.
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import pg from 'pg';

const TURN_ROWS = 20;

export const OUTBOX_SCHEMA = `
  CREATE TABLE outbox (id bigserial PRIMARY KEY, destination int NOT NULL, payload text NOT NULL, delivered_at timestamptz);
  CREATE INDEX outbox_pending ON outbox (destination, id) WHERE delivered_at IS NULL;
  CREATE TABLE attempts (id bigserial PRIMARY KEY, outbox_id bigint NOT NULL, status int NOT NULL, at timestamptz NOT NULL DEFAULT now());
`;

interface Row {
  id: string;
  payload: string;
}

function post(agent: Agent, url: URL, id: string, body: string, secret: Buffer): Promise<number> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64');
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1,${signature}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function consume(): Promise<void> {
  const concurrency = Number(process.env.BARE_CONCURRENCY ?? 32);
  const receiver = process.env.RECEIVER_URL!;
  const secret = Buffer.from(process.env.BARE_SECRET!, 'base64');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Math.min(concurrency, 10) });
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  for await (const command of createInterface({ input: process.stdin })) {
    if (command.trim() !== 'go') continue;
    const started = performance.now();
    const delivered = await deliverBacklog(pool, agent, new URL(receiver), secret, concurrency);
    process.stdout.write(`${JSON.stringify({ delivered, ms: performance.now() - started })}\n`);
  }
  agent.destroy();
  await pool.end();
}

/** Delivers every pending row, a destination's turn at a time; the number delivered. */
async function deliverBacklog(pool: pg.Pool, agent: Agent, receiver: URL, secret: Buffer, concurrency: number): Promise<number> {
  const pending = await pool.query<{ destination: number }>(
    'SELECT DISTINCT destination FROM outbox WHERE delivered_at IS NULL ORDER BY destination',
  );
  const line = pending.rows.map((row) => row.destination);
  let delivered = 0;

  const turn = async (destination: number): Promise<boolean> => {
    const { rows } = await pool.query<Row>(
      'SELECT id, payload FROM outbox WHERE destination = $1 AND delivered_at IS NULL ORDER BY id LIMIT $2',
      [destination, TURN_ROWS],
    );
    const ids: string[] = [];
    const statuses: number[] = [];
    for (const row of rows) {
      const status = await post(agent, new URL(`/d/${destination}`, receiver), `msg_${row.id}`, row.payload, secret).catch(() => 0);
      ids.push(row.id);
      statuses.push(status);
      if (status < 200 || status >= 300) break;
    }
    const succeeded = ids.filter((_, index) => statuses[index]! >= 200 && statuses[index]! < 300);
    await pool.query(
      `WITH recorded AS (INSERT INTO attempts (outbox_id, status) SELECT * FROM unnest($1::bigint[], $2::int[]))
       UPDATE outbox SET delivered_at = now() WHERE id = ANY($3::bigint[])`,
      [ids, statuses, succeeded],
    );
    delivered += succeeded.length;
    return rows.length === TURN_ROWS || succeeded.length < ids.length;
  };

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let destination = line.shift(); destination !== undefined; destination = line.shift()) {
        if (await turn(destination)) line.push(destination);
      }
    }),
  );
  return delivered;
}

if (process.env.BARE_SECRET) {
  consume().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
