// A database of its own per fault test, on the machine's PostgreSQL; dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export function freshDatabaseName(prefix: string): string {
  return `faults_${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Runs one query as the server's admin user (sees every row: no row-level security applies to it). */
export async function adminQuery<Row extends pg.QueryResultRow>(database: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(database: string): Promise<void> {
  await adminQuery('postgres', `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
}
