import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp } from '../../src/app.js';
import { openDatabase, type DatabaseHandles } from '../../src/db/prisma.js';
import { TenantDatabase } from '../../src/db/tenant-database.js';
import { checkedRequest } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

const CONCURRENT = 10;

// Identical creates fired together. A uniqueness rule the domain checks before inserting (subscriptions:
// one per endpoint and destination) lets every request pass the check; the unique index then decides.
describe('concurrent identical creates', () => {
  let context: TestContext;
  let tenant: TestTenant;
  // Its own pool, larger than the requests fired, so all of them hold a transaction at the same time.
  let handles: DatabaseHandles;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    handles = openDatabase(context.appRoleUrl, CONCURRENT + 4);
    app = createApp({ ...context.deps, pool: handles.pool, tenants: new TenantDatabase(handles.db) });
  });
  afterAll(async () => {
    await handles.close();
    await context.close();
  });

  const post = (path: string, body: object) => checkedRequest(app).post(path).set(tenant.auth).send(body);
  const created = async (path: string, body: object) => (await post(path, body).expect(201)).body as { id: string };

  /** Backends of the application role waiting for a lock on `table`. */
  const waitingOn = async (table: string) => {
    const { rows } = await context.ownerPool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND l.relation = $1::regclass AND a.usename = 'webhook_relay_app'`,
      [table],
    );
    return rows[0]!.n;
  };

  /**
   * Runs `fire` while `table` is locked against writes (EXCLUSIVE still lets SELECT through): every request
   * passes the domain's existence check and then waits at its INSERT; once all of them wait, the lock goes
   * and the inserts race on the unique index. Without this, a request could finish before the next one
   * checks, and the test would only exercise the check.
   */
  async function raceInserts<T>(table: string, count: number, fire: () => Promise<T>): Promise<T> {
    const holder = await context.ownerPool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
      const answers = fire();
      const deadline = Date.now() + 10_000;
      while ((await waitingOn(table)) < count) {
        if (Date.now() > deadline) throw new Error(`only ${await waitingOn(table)} of ${count} requests reached the INSERT into ${table}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('COMMIT');
      return await answers;
    } catch (error) {
      await holder.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      holder.release();
    }
  }

  it('answers one 201 and 409 with the error body for the rest when subscriptions of one endpoint to one destination race', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'source' });
    const destination = await created('/v1/destinations', { name: 'receiver', url: 'https://hooks.example.com/in' });
    const body = { endpoint_id: endpoint.id, destination_id: destination.id };

    const answers = await raceInserts('subscriptions', CONCURRENT, () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => post('/v1/subscriptions', body))),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(CONCURRENT - 1).fill(409)]);
    for (const answer of answers.filter((item) => item.status === 409)) {
      expect(answer.body).toEqual({
        error: {
          code: 'conflict',
          message: expect.stringMatching(
            /^this endpoint already has a subscription to this destination \(created by a request that ran at the same time/,
          ),
        },
      });
    }
    const { rows } = await context.ownerPool.query('SELECT count(*)::int AS n FROM subscriptions WHERE endpoint_id = $1', [endpoint.id]);
    expect(rows[0].n).toBe(1);
    // The audit log records the one subscription that exists, not the ones that lost.
    const audit = await context.ownerPool.query("SELECT count(*)::int AS n FROM audit_entries WHERE action = 'subscription.created'");
    expect(audit.rows[0].n).toBe(1);
  });

  it('still answers 409 from the existence check once the subscription exists', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'source' });
    const destination = await created('/v1/destinations', { name: 'receiver', url: 'https://hooks.example.com/in' });
    const subscription = await created('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    const answer = await post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id }).expect(409);
    expect(answer.body.error).toEqual({
      code: 'conflict',
      message: `endpoint ${endpoint.id} already has subscription ${subscription.id} to destination ${destination.id}`,
    });
  });

  // These have no uniqueness rule (names may repeat; keys, tokens and secrets are random): identical creates all succeed.
  it.each([
    ['/v1/endpoints', () => ({ name: 'same name' })],
    ['/v1/destinations', () => ({ name: 'same name', url: 'https://hooks.example.com/in' })],
    ['/v1/api-keys', () => ({ name: 'same name' })],
  ])('creates every one of %s when identical creates race (no uniqueness rule)', async (path, body) => {
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => post(path, body())));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(CONCURRENT).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(CONCURRENT);
  });

  it('adds every provider secret when identical adds to one endpoint race (no uniqueness rule)', async () => {
    const endpoint = await created('/v1/endpoints', { name: 'source' });
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => post(`/v1/endpoints/${endpoint.id}/secrets`, { secret: 'same secret' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(CONCURRENT).fill(201));
  });
});
