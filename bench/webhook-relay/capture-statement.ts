// What one call of the capture statement (relay_capture_batch, services/webhook-relay/prisma/functions) costs
// PostgreSQL, by batch size: the fixed part of a call decides how small a batch capture can commit without paying
// more per request (issue 45, bench/relay-ingest.md).
//
// Run: pnpm bench:webhook-relay:capture-statement. It starts the relay once on a fresh database (so the function
// is the one its migrations install), makes an endpoint without a provider, stops the relay, then calls the
// function from one connection, as capture does (src/db/functions/relay-capture-batch.ts), in rounds of
// BENCH_SECONDS (4) per batch size of BENCH_BATCH_SIZES (1,8,32), BENCH_ROUNDS (3) times. Per round it prints the
// wall time per call and the backend's CPU per call (from /proc: PostgreSQL must run on this machine).
// BENCH_COMPARE_SQL=<file> installs the CREATE FUNCTION relay_capture_batch(...) of that file under another name
// (e.g. `git show <rev>:services/webhook-relay/prisma/functions/relay_capture_batch.sql > /tmp/before.sql`) and
// alternates the two in every round.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { relayCaptureBatch, type CaptureBatchRequest } from '../../services/webhook-relay/dist/db/functions/relay-capture-batch.js';
import { databaseUrl, startRelay } from './relay-server.js';

const DATABASE = 'bench_capture_statement';
const API_KEY = `whk_${randomBytes(24).toString('hex')}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH_SIZES = (process.env.BENCH_BATCH_SIZES ?? '1,8,32').split(',').map(Number);
const COMPARE_SQL = process.env.BENCH_COMPARE_SQL;
const COMPARED_NAME = 'relay_capture_batch_compared';

/** A UUIDv7 of now, as capture makes its event ids (the day partition is read from it). */
function uuid7(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function request(tokenHash: Buffer): CaptureBatchRequest {
  const body = Buffer.from(JSON.stringify({ id: randomUUID(), type: 'invoice.paid', data: 'x'.repeat(500) }));
  return {
    id: uuid7(),
    receivedAt: new Date(),
    method: 'POST',
    path: '',
    query: '',
    source: '127.0.0.1',
    dedupKey: null,
    headers: [
      ['content-type', 'application/json'],
      ['user-agent', 'bench'],
    ],
    tokenHash,
    bodySha256: createHash('sha256').update(body).digest(),
    body,
  };
}

/** The backend's CPU time so far, in microseconds (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function backendCpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function prepareDatabase(): Promise<Buffer> {
  const relay = await startRelay({ database: DATABASE, apiKey: API_KEY, logName: 'capture-statement' });
  const endpoint = await relay.post('/v1/endpoints', { name: 'capture', provider: null });
  await relay.server.stop();
  const token = new URL(endpoint.ingest_url).pathname.split('/').filter(Boolean).pop()!;
  return createHash('sha256').update(token).digest();
}

async function installCompared(client: pg.Client): Promise<void> {
  const sql = readFileSync(COMPARE_SQL!, 'utf8');
  const start = sql.indexOf('CREATE OR REPLACE FUNCTION relay_capture_batch(');
  const end = sql.indexOf('\n$$;', start);
  if (start < 0 || end < 0) throw new Error(`${COMPARE_SQL} holds no CREATE OR REPLACE FUNCTION relay_capture_batch(...) ... $$;`);
  await client.query(sql.slice(start, end + 4).replace('FUNCTION relay_capture_batch(', `FUNCTION ${COMPARED_NAME}(`));
}

async function main(): Promise<void> {
  const tokenHash = await prepareDatabase();
  const client = new pg.Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  const versions: Array<{ label: string; function: string }> = [{ label: 'as migrated', function: 'relay_capture_batch' }];
  if (COMPARE_SQL) {
    await installCompared(client);
    versions.push({ label: `from ${COMPARE_SQL}`, function: COMPARED_NAME });
  }
  const through = (name: string) => ({
    query: (statement: { name: string; text: string; values: unknown[] }) =>
      client.query({ ...statement, name: `${statement.name}-${name}`, text: statement.text.replace('relay_capture_batch(', `${name}(`) }),
  });
  console.log(`the capture statement, one connection, ${SECONDS} s per round (backend ${pid})`);
  const perCall = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const size of BATCH_SIZES) {
      for (const version of versions) {
        const pool = through(version.function) as unknown as Parameters<typeof relayCaptureBatch>[0];
        for (let warm = 0; warm < 20; warm += 1)
          await relayCaptureBatch(
            pool,
            Array.from({ length: size }, () => request(tokenHash)),
          );
        const cpuBefore = backendCpuUs(pid);
        const started = performance.now();
        let calls = 0;
        while (performance.now() - started < SECONDS * 1000) {
          const stored = await relayCaptureBatch(
            pool,
            Array.from({ length: size }, () => request(tokenHash)),
          );
          if (stored.length !== size) throw new Error(`${version.label}: ${stored.length} of ${size} requests stored`);
          calls += 1;
        }
        const wallUs = ((performance.now() - started) * 1000) / calls;
        const cpuUs = (backendCpuUs(pid) - cpuBefore) / calls;
        const key = `${version.label}, batch ${size}`;
        perCall.set(key, [...(perCall.get(key) ?? []), cpuUs]);
        console.log(
          `round ${round}, batch ${String(size).padStart(3)}, ${version.label}: ${calls} calls, ${wallUs.toFixed(0)} us per call, ` +
            `backend CPU ${cpuUs.toFixed(0)} us per call (${(cpuUs / size).toFixed(1)} us per request)`,
        );
      }
    }
  }
  console.log('backend CPU per call, median of the rounds:');
  for (const [key, values] of perCall) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${key}: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} us`);
  }
  await client.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
