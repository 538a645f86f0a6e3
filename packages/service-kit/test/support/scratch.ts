import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseDatabaseUrl, withDatabase } from '../../src/migrate/database-url.js';
import { testServerUrl } from '../../src/testing/test-database.js';

export const serverUrl = testServerUrl();

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export function urlFor(database: string): string {
  return withDatabase(serverUrl, database);
}

export const SCHEMA_HEADER = `generator client {
  provider = "prisma-client"
  output   = "./gen"
}

datasource db {
  provider = "postgresql"
}
`;

export async function scratchProject(
  model: string,
): Promise<{ dir: string; schemaPath: string; migrationsDir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'service-kit-'));
  await mkdir(join(dir, 'prisma'));
  const schemaPath = join(dir, 'prisma', 'schema.prisma');
  await writeFile(schemaPath, `${SCHEMA_HEADER}\n${model}\n`);
  return { dir, schemaPath, migrationsDir: join(dir, 'prisma', 'migrations'), remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  database: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ ...parseDatabaseUrl(serverUrl), database });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function databaseNames(like: string): Promise<string[]> {
  const rows = await query<{ datname: string }>('postgres', 'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [
    like,
  ]);
  return rows.map((row) => row.datname);
}

export async function dropDatabases(...names: string[]): Promise<void> {
  for (const name of names) await query('postgres', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
