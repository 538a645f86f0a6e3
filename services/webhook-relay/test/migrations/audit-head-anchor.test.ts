import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createMigrator, quoteIdentifier, withDatabase } from '@workspace/service-kit';
import { testServerUrl } from '@workspace/service-kit/testing';
import { openDatabase, type DatabaseHandles } from '../../src/db/prisma.js';
import { TenantDatabase } from '../../src/db/tenant-database.js';
import { appendAuditEntry } from '../../src/domain/audit/append-audit-entry.js';
import { chainHash, GENESIS_HASH } from '../../src/domain/audit/canonical-entry.js';
import { verifyAuditChain } from '../../src/domain/audit/verify-audit-chain.js';
import { appRoleUrlOf, testRuntime } from '../helpers/test-app.js';
import { TEMPLATE } from '../helpers/template.js';

const MIGRATION = '20261125110000_audit_head_anchor';

// Its own database (not a clone of the template, which has the migration already): migrated up to the
// migration before, given chains as a running service left them, then migrated the rest of the way.
describe(`migration ${MIGRATION}`, () => {
  const name = `webhook_relay_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(testServerUrl(), name);
  let migrationsDir: string;
  let owner: pg.Pool;
  let app: DatabaseHandles;

  const migrateUpTo = async (included: (folder: string) => boolean) => {
    for (const entry of await readdir(TEMPLATE.migrationsDir)) {
      if (entry === 'migration_lock.toml' || included(entry))
        await cp(join(TEMPLATE.migrationsDir, entry), join(migrationsDir, entry), { recursive: true });
    }
    const migrator = createMigrator({ databaseUrl: url, schemaPath: TEMPLATE.schemaPath, migrationsDir, log: () => undefined });
    try {
      await migrator.deploy();
    } finally {
      await migrator.close();
    }
  };

  /** Entries 1..count of a tenant's chain as the service wrote them, minus the seqs in `skip`. */
  async function seedChain(tenantId: string, count: number, skip: number[] = []): Promise<string[]> {
    await owner.query("INSERT INTO tenants (id, name) VALUES ($1, 'before the anchor')", [tenantId]);
    const hashes: string[] = [];
    let prevHash = GENESIS_HASH;
    for (let seq = 1; seq <= count; seq++) {
      const entry = {
        id: randomUUID(),
        tenantId,
        seq: BigInt(seq),
        actor: 'test',
        action: 'endpoint.created',
        targetType: 'endpoint',
        targetId: null,
        details: {},
        createdAt: new Date(Date.UTC(2026, 10, 20, 0, seq)),
      };
      const hash = chainHash(prevHash, entry);
      if (!skip.includes(seq)) {
        await owner.query(
          'INSERT INTO audit_entries (id, tenant_id, seq, actor, action, target_type, target_id, details, created_at, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8, $9, $10)',
          [entry.id, tenantId, seq, entry.actor, entry.action, entry.targetType, entry.details, entry.createdAt, prevHash, hash],
        );
      }
      hashes.push(hash);
      prevHash = hash;
    }
    return hashes;
  }

  beforeAll(async () => {
    migrationsDir = await mkdtemp(join(tmpdir(), 'relay-migrations-'));
    await migrateUpTo((folder) => folder < MIGRATION);
    owner = new pg.Pool({ connectionString: url, max: 2 });
    app = openDatabase(appRoleUrlOf(url), 2);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await owner?.end();
    const maintenance = new pg.Client({ connectionString: testServerUrl() });
    await maintenance.connect();
    await maintenance.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await maintenance.end();
    await rm(migrationsDir, { recursive: true, force: true });
  });

  it('anchors each existing chain at its newest entry, and the service appends after it', async () => {
    const [intact, gapped, empty] = [randomUUID(), randomUUID(), randomUUID()];
    const intactHashes = await seedChain(intact, 3);
    const gappedHashes = await seedChain(gapped, 4, [3]);
    await owner.query("INSERT INTO tenants (id, name) VALUES ($1, 'no entries')", [empty]);

    await migrateUpTo((folder) => folder <= MIGRATION);

    const { rows } = await owner.query<{ tenant_id: string; entries: string; last_hash: string }>(
      'SELECT tenant_id, entries::text, last_hash FROM audit_heads ORDER BY entries',
    );
    expect(rows).toEqual([
      { tenant_id: intact, entries: '3', last_hash: intactHashes[2] },
      { tenant_id: gapped, entries: '4', last_hash: gappedHashes[3] },
    ]);

    const tenants = new TenantDatabase(app.db);
    const runtime = testRuntime();
    const verify = (tenantId: string) => tenants.run(tenantId, (tx) => verifyAuditChain({ tx, tenantId }));
    expect(await verify(intact)).toMatchObject({ intact: true, entries: 3, lastHash: intactHashes[2], anchorMismatch: null });
    // A chain broken before the migration stays broken, at the same place.
    expect(await verify(gapped)).toMatchObject({
      intact: false,
      entries: 2,
      firstBroken: { seq: 4n, reason: 'entry 3 is missing: the chain jumps to 4' },
    });
    expect(await verify(empty)).toMatchObject({ intact: true, entries: 0, lastHash: null, anchorMismatch: null });

    await tenants.run(intact, (tx) =>
      appendAuditEntry({
        tx,
        tenantId: intact,
        runtime,
        actor: 'test',
        action: 'endpoint.created',
        target: { type: 'endpoint', id: null },
      }),
    );
    await tenants.run(empty, (tx) =>
      appendAuditEntry({ tx, tenantId: empty, runtime, actor: 'test', action: 'endpoint.created', target: { type: 'endpoint', id: null } }),
    );
    expect(await verify(intact)).toMatchObject({ intact: true, entries: 4, anchorMismatch: null });
    expect(await verify(empty)).toMatchObject({ intact: true, entries: 1, anchorMismatch: null });
  });
});
