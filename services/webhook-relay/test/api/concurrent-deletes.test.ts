import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { createApp } from '../../src/app.js';
import { openDatabase, type DatabaseHandles } from '../../src/db/prisma.js';
import { TenantDatabase } from '../../src/db/tenant-database.js';
import { deleteDestination } from '../../src/domain/destinations/delete-destination.js';
import { deleteEndpoint } from '../../src/domain/endpoints/delete-endpoint.js';
import { checkedRequest } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

const CONCURRENT = 6;
const ADMIN_KEY = 'relay-admin-0123456789abcdefghijklmnopqrstuvwxyz';

// Deletes, and changes racing a delete, of one resource. Each interleaving is forced: a row lock (or the delete's own
// transaction) is held open until every request is seen waiting on a lock, then let go.
describe('concurrent deletes of one resource', () => {
  let context: TestContext;
  let tenant: TestTenant;
  // Its own pool, larger than the requests fired, so all of them hold a transaction at the same time.
  let handles: DatabaseHandles;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    handles = openDatabase(context.appRoleUrl, CONCURRENT + 4);
    app = createApp({
      ...context.deps,
      pool: handles.pool,
      tenants: new TenantDatabase(handles.db),
      config: { ...context.deps.config, RELAY_ADMIN_API_KEY: ADMIN_KEY },
    });
  });
  afterAll(async () => {
    await handles.close();
    await context.close();
  });

  const request = () => checkedRequest(app);
  const created = async (path: string, body: object) =>
    (await request().post(path).set(tenant.auth).send(body).expect(201)).body as { id: string };
  const auditCount = async (action: string, targetId: string) =>
    (
      await context.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries WHERE action = $1 AND target_id = $2', [
        action,
        targetId,
      ])
    ).rows[0]!.n;

  /** Waits until `count` backends of the application role wait for a lock. */
  async function lockWaiters(count: number): Promise<void> {
    for (let waited = 0; ; waited += 10) {
      const { rows } = await context.ownerPool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND usename = 'webhook_relay_app' AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= count) return;
      if (waited > 10_000) throw new Error(`only ${rows[0]!.n} of ${count} requests waited for a lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Runs `fire` while the owner holds `table`'s row `id` locked, and lets go once `waiters` requests wait for a lock. */
  async function withRowHeld<T>(table: string, id: string, waiters: number, fire: () => Promise<T>): Promise<T> {
    const holder: pg.PoolClient = await context.ownerPool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
      const answers = fire();
      await lockWaiters(waiters);
      await holder.query('COMMIT');
      return await answers;
    } catch (error) {
      await holder.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      holder.release();
    }
  }

  /** Runs `fire` while a delete's transaction is open (its changes made, not committed), and commits it once `fire` waits. */
  async function duringDelete<T>(
    remove: (tx: Parameters<Parameters<TenantDatabase['run']>[1]>[0]) => Promise<void>,
    fire: () => Promise<T>,
  ) {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let removed!: () => void;
    const madeChanges = new Promise<void>((resolve) => {
      removed = resolve;
    });
    const deletion = context.deps.tenants.run(tenant.tenantId, async (tx) => {
      await remove(tx);
      removed();
      await held;
    });
    await madeChanges;
    // Promise.resolve: a supertest request is sent once something awaits it.
    const answer = Promise.resolve(fire());
    try {
      await lockWaiters(1);
    } finally {
      commit();
      await deletion;
    }
    return answer;
  }

  const deleteActor = (tx: Parameters<Parameters<TenantDatabase['run']>[1]>[0]) => ({
    tx,
    tenantId: tenant.tenantId,
    runtime: context.deps.runtime,
    actor: 'test',
  });

  it('answers one 204 and 404 for the rest, with one audit entry, when deletes of one endpoint race', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'doomed' });
    const answers = await withRowHeld('endpoints', endpoint.id, CONCURRENT, () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => request().delete(`/v1/endpoints/${endpoint.id}`).set(tenant.auth))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array<number>(CONCURRENT - 1).fill(404)]);
    expect(await auditCount('endpoint.deleted', endpoint.id)).toBe(1);
  });

  it('answers 404 to an ingest URL rotation that waited on the endpoint’s delete, and issues no token', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'doomed' });
    const rotation = await duringDelete(
      (tx) => deleteEndpoint({ ...deleteActor(tx), endpointId: endpoint.id }),
      () => request().post(`/v1/endpoints/${endpoint.id}/ingest-url/rotate`).set(tenant.auth),
    );
    expect({ status: rotation.status, code: rotation.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
    const live = await context.ownerPool.query('SELECT id FROM ingest_tokens WHERE endpoint_id = $1 AND revoked_at IS NULL', [endpoint.id]);
    expect(live.rows).toEqual([]);
    expect(await auditCount('endpoint.token_rotated', endpoint.id)).toBe(0);
  });

  it('answers 404 to an endpoint update that waited on its delete', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'doomed' });
    const update = await duringDelete(
      (tx) => deleteEndpoint({ ...deleteActor(tx), endpointId: endpoint.id }),
      () => request().patch(`/v1/endpoints/${endpoint.id}`).set(tenant.auth).send({ name: 'renamed' }),
    );
    expect(update.status).toBe(404);
  });

  it('answers one 204 and 404 for the rest, with one audit entry, when deletes of one destination race', async () => {
    const destination = await created('/v1/destinations', { name: 'doomed', url: 'https://hooks.example.com/in' });
    const answers = await withRowHeld('destinations', destination.id, CONCURRENT, () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => request().delete(`/v1/destinations/${destination.id}`).set(tenant.auth))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array<number>(CONCURRENT - 1).fill(404)]);
    expect(await auditCount('destination.deleted', destination.id)).toBe(1);
  });

  it('answers 404 to a destination secret rotation and an update that waited on its delete', async () => {
    const destination = await created('/v1/destinations', { name: 'doomed', url: 'https://hooks.example.com/in' });
    const removal = (tx: Parameters<Parameters<TenantDatabase['run']>[1]>[0]) =>
      deleteDestination({ ...deleteActor(tx), sealed: context.deps.sealed, destinationId: destination.id });
    const rotation = await duringDelete(removal, () =>
      request().post(`/v1/destinations/${destination.id}/secrets/rotate`).set(tenant.auth).send({}),
    );
    expect(rotation.status).toBe(404);
    const other = await created('/v1/destinations', { name: 'doomed too', url: 'https://hooks.example.com/in' });
    const update = await duringDelete(
      (tx) => deleteDestination({ ...deleteActor(tx), sealed: context.deps.sealed, destinationId: other.id }),
      () => request().patch(`/v1/destinations/${other.id}`).set(tenant.auth).send({ name: 'renamed' }),
    );
    expect(update.status).toBe(404);
  });

  it('answers one 204 and 404 for the rest when deletes of one subscription race', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'source' });
    const destination = await created('/v1/destinations', { name: 'receiver', url: 'https://hooks.example.com/in' });
    const subscription = await created('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    const answers = await withRowHeld('subscriptions', subscription.id, CONCURRENT, () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => request().delete(`/v1/subscriptions/${subscription.id}`).set(tenant.auth))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array<number>(CONCURRENT - 1).fill(404)]);
    expect(await auditCount('subscription.deleted', subscription.id)).toBe(1);
  });

  it('answers 204 to every revoke of one API key that race, with one audit entry', async () => {
    const key = await created('/v1/api-keys', { name: 'doomed' });
    const answers = await withRowHeld('api_keys', key.id, CONCURRENT, () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => request().delete(`/v1/api-keys/${key.id}`).set(tenant.auth))),
    );
    // Revoking a revoked key changes nothing (docs: idempotent), so the others answer 204 too; only one revoked it.
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(CONCURRENT).fill(204));
    expect(await auditCount('api_key.revoked', key.id)).toBe(1);
  });

  it('answers 204 to every delete of one tenant by the operator that race, deleting and auditing once', async () => {
    const doomed = await context.newTenant();
    const answers = await withRowHeld('tenants', doomed.tenantId, CONCURRENT, () =>
      Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          request()
            .delete(`/admin/tenants/${doomed.tenantId}`)
            .set({ Authorization: `Bearer ${ADMIN_KEY}` }),
        ),
      ),
    );
    // Deleting a deleted tenant changes nothing (docs), so all answer 204; only one deleted it.
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(CONCURRENT).fill(204));
    expect(await auditCount('tenant.deleted', doomed.tenantId)).toBe(1);
  });
});
