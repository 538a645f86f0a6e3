import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { connectMaintenance, pgErrorCode, withMaintenanceClient } from '../migrate/admin-client.js';
import { withDatabase } from '../migrate/database-url.js';
import { quoteIdentifier, quoteLiteral } from '../migrate/sql-identifier.js';
import { migrationsFingerprint } from './migrations-fingerprint.js';

export interface PrepareTemplateOptions {
  /** Any URL of the server; its database part is ignored. */
  serverUrl: string;
  /** One per service, so parallel runs of different services never share a template. */
  templateName: string;
  schemaPath: string;
  migrationsDir: string;
  log?: (message: string) => void;
}

export interface PreparedTemplate {
  templateName: string;
  fingerprint: string;
  /** false when an up-to-date template from an earlier run was reused. */
  rebuilt: boolean;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  serverUrl: string;
  templateName: string;
  prefix: string;
}

const DEFAULT_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const COMMENT_PREFIX = 'service-kit test template; migrations sha256=';
const OBJECT_IN_USE = '55006';
const UNDEFINED_DATABASE = '3D000';
const CLONE_ATTEMPTS = 10;
const DRAIN_TIMEOUT_MS = 5_000;
const PREFIX_PATTERN = /^[a-z_][a-z0-9_]{0,39}$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function testServerUrl(): string {
  return process.env.TEST_DATABASE_SERVER_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL;
}

async function readFingerprint(client: pg.Client, name: string): Promise<string | null | undefined> {
  const result = await client.query<{ comment: string | null }>(
    "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
    [name],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return row.comment?.startsWith(COMMENT_PREFIX) ? row.comment.slice(COMMENT_PREFIX.length) : null;
}

// CREATE DATABASE ... TEMPLATE refuses to copy a database anyone is connected to. Backends of closed
// pools take a moment to exit; anything still there after that (a stray psql, a killed run's leftovers)
// is terminated.
async function drainConnections(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const result = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    if (!result.rowCount) return;
    if (Date.now() > deadline) {
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      return;
    }
    await sleep(50);
  }
}

export async function prepareTemplateDatabase(options: PrepareTemplateOptions): Promise<PreparedTemplate> {
  const { serverUrl, templateName, schemaPath, migrationsDir } = options;
  const log = options.log ?? (() => undefined);
  const quoted = quoteIdentifier(templateName);
  const fingerprint = await migrationsFingerprint(migrationsDir);
  const lockKey = `service-kit:test-template:${templateName}`;

  return withMaintenanceClient(serverUrl, async (client) => {
    // Session-level: released by the server even when this process is killed mid-build, and scoped to
    // one template name, so other services preparing their own templates never wait on it.
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
    try {
      // The comment is only written after a complete migration, so a build interrupted by a killed run
      // never matches and gets rebuilt.
      if ((await readFingerprint(client, templateName)) === fingerprint) {
        await drainConnections(client, templateName);
        log(`Template database ${templateName} is up to date.`);
        return { templateName, fingerprint, rebuilt: false };
      }
      log(`Building template database ${templateName}.`);
      await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${quoted}`);
      // Loaded lazily so test files that only clone databases do not load the wasm engine bindings.
      const { createMigrator } = await import('../migrate/migrator.js');
      const migrator = createMigrator({ databaseUrl: withDatabase(serverUrl, templateName), schemaPath, migrationsDir, log });
      try {
        await migrator.deploy();
      } finally {
        await migrator.close();
      }
      await drainConnections(client, templateName);
      await client.query(`COMMENT ON DATABASE ${quoted} IS ${quoteLiteral(COMMENT_PREFIX + fingerprint)}`);
      return { templateName, fingerprint, rebuilt: true };
    } finally {
      // Ending the session releases the lock anyway; unlocking early only lets a waiter in sooner.
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]).catch(() => undefined);
    }
  });
}

// The creation time is in the name (base 36 ms) because PostgreSQL does not record when a database
// was created; dropStaleTestDatabases reads it back.
function testDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

function checkPrefix(prefix: string): void {
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new Error(`Invalid test database prefix "${prefix}": use 1-40 lower-case letters, digits or _, not starting with a digit`);
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withMaintenanceClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));
}

export async function createTestDatabase(options: CreateTestDatabaseOptions): Promise<TestDatabase> {
  const { serverUrl, templateName, prefix } = options;
  checkPrefix(prefix);
  const name = testDatabaseName(prefix);
  const client = await connectMaintenance(serverUrl);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(templateName)}`);
        break;
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === UNDEFINED_DATABASE) {
          throw new Error(`Template database "${templateName}" does not exist: call prepareTemplateDatabase() in jest globalSetup first`);
        }
        // "source database is being accessed by other users": a template build finishing, or a stray session.
        if (code !== OBJECT_IN_USE || attempt >= CLONE_ATTEMPTS) {
          throw new Error(`Cannot create test database "${name}" from "${templateName}": ${(error as Error).message}`);
        }
        await sleep(100 * attempt);
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () => (dropped ??= dropDatabase(serverUrl, name)),
  };
}

export async function dropStaleTestDatabases(
  prefix: string,
  olderThanMs = 60 * 60 * 1000,
  serverUrl: string = testServerUrl(),
): Promise<string[]> {
  checkPrefix(prefix);
  const pattern = new RegExp(`^${prefix}_([0-9a-z]+)_[0-9a-f]{8}$`);
  return withMaintenanceClient(serverUrl, async (client) => {
    const result = await client.query<{ datname: string; connections: number }>(
      `SELECT d.datname, (SELECT count(*)::int FROM pg_stat_activity a WHERE a.datname = d.datname) AS connections
         FROM pg_database d WHERE starts_with(d.datname, $1)`,
      [`${prefix}_`],
    );
    const now = Date.now();
    const dropped: string[] = [];
    for (const { datname, connections } of result.rows) {
      const created = pattern.exec(datname)?.[1];
      // A database someone is connected to belongs to a live run, whatever its age.
      if (created === undefined || connections > 0 || now - parseInt(created, 36) < olderThanMs) continue;
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(datname)} WITH (FORCE)`);
      dropped.push(datname);
    }
    return dropped;
  });
}
