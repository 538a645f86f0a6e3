import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createMigrator, createPgPool, quoteIdentifier, withDatabase, type Migrator } from '@workspace/service-kit';
import { testServerUrl } from '@workspace/service-kit/testing';
import { appRoleUrlOf } from '../helpers/test-app.js';

const MIGRATION = '20261125130000_events_without_ingest_token';
const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));
const migrationsDir = join(serviceRoot, 'prisma', 'migrations');
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest();
const newToken = () => `whep_${randomBytes(24).toString('base64url')}`;

interface Seeded {
  live: { id: string; token: string };
  revoked: { id: string; token: string };
  /** A token of another endpoint: never the one an event of the first came in on. */
  foreign: { id: string; token: string };
  events: Record<'noTokenId' | 'revoked' | 'withTokenId' | 'tokenGone' | 'foreign' | 'noPrefix', string>;
}

/** A database migrated up to (not including) this migration, with rows as the previous release wrote them. */
async function databaseBeforeMigration(previous: string): Promise<{ name: string; url: string; seeded: Seeded }> {
  const name = `webhook_relay_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(testServerUrl(), name);
  const migrator = createMigrator({
    databaseUrl: url,
    schemaPath: join(serviceRoot, 'prisma', 'schema.prisma'),
    migrationsDir: previous,
    log: () => undefined,
  });
  try {
    await migrator.deploy();
  } finally {
    await migrator.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { name, url, seeded: await seed(client) };
  } finally {
    await client.end();
  }
}

async function seed(client: pg.Client): Promise<Seeded> {
  const tenant = randomUUID();
  const [endpoint, other] = [randomUUID(), randomUUID()];
  await client.query("INSERT INTO tenants (id, name, plan_id) VALUES ($1, 'old', 'free')", [tenant]);
  await client.query("INSERT INTO endpoints (id, tenant_id, name) VALUES ($1, $3, 'first'), ($2, $3, 'second')", [endpoint, other, tenant]);
  const token = async (endpointId: string, revoked: boolean) => {
    const row = { id: randomUUID(), token: newToken() };
    await client.query(
      'INSERT INTO ingest_tokens (id, tenant_id, endpoint_id, token_hash, token_ciphertext, token_hint, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [row.id, tenant, endpointId, sha256(row.token), randomBytes(60), row.token.slice(-4), revoked ? new Date() : null],
    );
    return row;
  };
  const revoked = await token(endpoint, true);
  const live = await token(endpoint, false);
  const foreign = await token(other, false);
  const body = Buffer.from('{"old":true}');
  await client.query('INSERT INTO payloads (tenant_id, sha256, body, size) VALUES ($1, $2, $3, $4)', [
    tenant,
    sha256(body),
    body,
    body.length,
  ]);
  const event = async (path: string, ingestTokenId: string | null = null) => {
    const id = randomUUID();
    await client.query(
      "INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, ingest_token_id) VALUES ($1, $2, $3, now(), 'POST', $4, 'a=1', '[]', $5, $6)",
      [id, tenant, endpoint, path, sha256(body), ingestTokenId],
    );
    return id;
  };
  return {
    live,
    revoked,
    foreign,
    events: {
      noTokenId: await event(`/${live.token}/x`),
      revoked: await event(`/${revoked.token}`),
      withTokenId: await event(`/${live.token}/x/y`, live.id),
      tokenGone: await event(`/${newToken()}/gone`),
      foreign: await event(`/${foreign.token}/z`),
      noPrefix: await event('/plain/keep'),
    },
  };
}

async function rowsAfter(url: string, seeded: Seeded) {
  const pool = createPgPool(url, 1);
  try {
    const { rows } = await pool.query<{ id: string; path: string; query: string; ingest_token_id: string | null }>(
      'SELECT id, path, query, ingest_token_id FROM events',
    );
    const byId = new Map(rows.map((row) => [row.id, { path: row.path, ingestTokenId: row.ingest_token_id }]));
    const forced = (
      await pool.query<{ relname: string; relforcerowsecurity: boolean }>(
        "SELECT relname, relforcerowsecurity FROM pg_class WHERE relname IN ('events', 'ingest_tokens') ORDER BY relname",
      )
    ).rows;
    return { event: (key: keyof Seeded['events']) => byId.get(seeded.events[key]), all: rows, forced };
  } finally {
    await pool.end();
  }
}

function expectRewritten(after: Awaited<ReturnType<typeof rowsAfter>>, seeded: Seeded): void {
  expect(after.event('noTokenId')).toEqual({ path: '/x', ingestTokenId: seeded.live.id });
  expect(after.event('revoked')).toEqual({ path: '', ingestTokenId: seeded.revoked.id });
  expect(after.event('withTokenId')).toEqual({ path: '/x/y', ingestTokenId: seeded.live.id });
  expect(after.event('tokenGone')).toEqual({ path: '/gone', ingestTokenId: null });
  expect(after.event('foreign')).toEqual({ path: '/z', ingestTokenId: null });
  expect(after.event('noPrefix')).toEqual({ path: '/plain/keep', ingestTokenId: null });
  expect(after.all.every((row) => row.query === 'a=1' && !row.path.includes('whep_'))).toBe(true);
  expect(after.forced).toEqual([
    { relname: 'events', relforcerowsecurity: true },
    { relname: 'ingest_tokens', relforcerowsecurity: true },
  ]);
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

describe(`migration ${MIGRATION}`, () => {
  let workDir: string;
  /** The migrations before this one. */
  let previous: string;
  const databases: string[] = [];
  const ownerRole = `relay_owner_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'relay-path-migration-'));
    previous = join(workDir, 'migrations');
    await mkdir(previous);
    await cp(join(migrationsDir, 'migration_lock.toml'), join(previous, 'migration_lock.toml'));
    for (const entry of await readdir(migrationsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name < MIGRATION)
        await cp(join(migrationsDir, entry.name), join(previous, entry.name), { recursive: true });
    }
  });
  afterAll(async () => {
    for (const name of databases) await dropDatabase(name);
    const client = new pg.Client({ connectionString: testServerUrl() });
    await client.connect();
    await client.query(`DROP ROLE IF EXISTS ${ownerRole}`).finally(() => client.end());
    await rm(workDir, { recursive: true, force: true });
  });

  describe('applied by the engine as the superuser', () => {
    let database: { name: string; url: string; seeded: Seeded };
    let migrator: Migrator;

    beforeAll(async () => {
      database = await databaseBeforeMigration(previous);
      databases.push(database.name);
      const current = join(workDir, 'current');
      await cp(previous, current, { recursive: true });
      await cp(join(migrationsDir, MIGRATION), join(current, MIGRATION), { recursive: true });
      migrator = createMigrator({
        databaseUrl: database.url,
        schemaPath: join(serviceRoot, 'prisma', 'schema.prisma'),
        migrationsDir: current,
        log: () => undefined,
      });
      expect((await migrator.deploy()).applied).toContain(MIGRATION);
    });
    afterAll(() => migrator.close());

    it('strips the token segment from every event path and records which token it was', async () => {
      expectRewritten(await rowsAfter(database.url, database.seeded), database.seeded);
    });

    it('strips it too when a writer of the previous release still passes it to the capture statement (a rolling deploy)', async () => {
      const { live } = database.seeded;
      const app = createPgPool(appRoleUrlOf(database.url), 1);
      try {
        const body = Buffer.from('{"mid":"deploy"}');
        const capture = (id: string, path: string) =>
          app.query(
            'SELECT event_id FROM relay_capture_batch($1::uuid[], $2::float8[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::json, $9::bytea, $10::bytea, $11::bytea, $12::int[])',
            [
              [id],
              [Date.now()],
              ['POST'],
              [path],
              [''],
              [null],
              [null],
              JSON.stringify([[]]),
              sha256(live.token),
              sha256(body),
              body,
              [body.length],
            ],
          );
        const [asCalled, subPathLikeAToken] = [randomUUID(), randomUUID()];
        await capture(asCalled, `/${live.token}/mid`);
        // A new-style path whose first segment only looks like a token is left alone.
        await capture(subPathLikeAToken, '/whep_not-the-token/sub');
        const owner = createPgPool(database.url, 1);
        const { rows } = await owner
          .query('SELECT id, path, ingest_token_id FROM events WHERE id = ANY($1::uuid[])', [[asCalled, subPathLikeAToken]])
          .finally(() => owner.end());
        expect(Object.fromEntries(rows.map((row) => [row.id, [row.path, row.ingest_token_id]]))).toEqual({
          [asCalled]: ['/mid', live.id],
          [subPathLikeAToken]: ['/whep_not-the-token/sub', live.id],
        });
      } finally {
        await app.end();
      }
    });
  });

  it("rewrites every tenant's rows when run by a schema owner that is not a superuser (row-level security is forced on it)", async () => {
    const database = await databaseBeforeMigration(previous);
    databases.push(database.name);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`CREATE ROLE ${ownerRole} NOSUPERUSER NOBYPASSRLS`);
      await client.query(`ALTER TABLE events OWNER TO ${ownerRole}`);
      await client.query(`ALTER TABLE ingest_tokens OWNER TO ${ownerRole}`);
      await client.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${ownerRole}`);
      await client.query(`SET ROLE ${ownerRole}`);
      // Why the migration lifts FORCE: as the owner, with no tenant set, no event is visible.
      expect((await client.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(0);
      await client.query(await readFile(join(migrationsDir, MIGRATION, 'migration.sql'), 'utf8'));
      await client.query('RESET ROLE');
    } finally {
      await client.end();
    }
    expectRewritten(await rowsAfter(database.url, database.seeded), database.seeded);
  });
});
