import { withMaintenanceClient, pgErrorCode } from './admin-client.js';
import { parseDatabaseUrl } from './database-url.js';
import { quoteIdentifier } from './sql-identifier.js';

// 42P04 duplicate_database; 23505 unique_violation is what a concurrent CREATE DATABASE
// racing on the pg_database catalog index raises instead.
const ALREADY_EXISTS = new Set(['42P04', '23505']);

export async function ensureDatabase(url: string): Promise<{ created: boolean }> {
  const { database } = parseDatabaseUrl(url);
  const quoted = quoteIdentifier(database);
  return withMaintenanceClient(url, async (client) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount) return { created: false };
    try {
      await client.query(`CREATE DATABASE ${quoted}`);
      return { created: true };
    } catch (error) {
      if (ALREADY_EXISTS.has(pgErrorCode(error) ?? '')) return { created: false };
      throw new Error(`Cannot create database ${quoted}: ${(error as Error).message}`);
    }
  });
}

export async function databaseExists(url: string): Promise<boolean> {
  const { database } = parseDatabaseUrl(url);
  return withMaintenanceClient(url, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    return (result.rowCount ?? 0) > 0;
  });
}

/** Drops the database of the URL, ending its sessions first; nothing happens when it does not exist. */
export async function dropDatabase(url: string): Promise<void> {
  const quoted = quoteIdentifier(parseDatabaseUrl(url).database);
  await withMaintenanceClient(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  });
}
