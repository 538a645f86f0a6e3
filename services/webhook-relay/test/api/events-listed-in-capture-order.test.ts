import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openPrismaOnPool } from '@workspace/service-kit';
import { TenantDatabase } from '../../src/db/tenant-database.js';
import { listEvents } from '../../src/domain/events/list-events.js';
import { retentionWindow } from '../../src/domain/retention/retention-window.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { checkedApi } from '../helpers/contract.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

type Listed = { id: string; capture_seq: number | null; received_at: string };

// Events are delivered in capture order (events.capture_seq, docs/delivery-order.md), which can differ from the order
// of their receipt times (ids): the list shows the capture number and sorts by it, newest first, so the order a user
// sees is the order delivered. The inversion is forced with the test clock: the later capture has the earlier receipt time.
describe('events listed in capture order', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpoint: { id: string; ingest_url: string };
  let other: { id: string; ingest_url: string };
  /** In capture order. */
  const captured: string[] = [];

  const send = async (to: { ingest_url: string }, body: string) => {
    const response = await fetch(`${ingest.url}${ingest.pathOf(to.ingest_url)}`, { method: 'POST', body });
    expect(response.status).toBe(200);
    return ((await response.json()) as { event_id: string }).event_id;
  };
  const list = async (query = '') => (await checkedApi(context).get(`/v1/events${query}`).set(tenant.auth).expect(200)).body;
  const everyPage = async (query: string) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=1${query}${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.data.map((event: Listed) => event.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
    const create = async (name: string) =>
      (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name }).expect(201)).body;
    endpoint = await create('orders');
    other = await create('billing');
    // Received at +5 s, +2 s, +3 s, +1 s: captured in that order, each after the one before answered.
    for (const [at, to] of [
      [5000, endpoint],
      [-3000, other],
      [1000, endpoint],
      [-2000, endpoint],
    ] as const) {
      context.runtime.advance(at);
      captured.push(await send(to, `{"at":${at}}`));
    }
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  it('shows each event’s capture number and lists newest capture first, whatever the receipt times', async () => {
    const { data } = await list();
    expect(data.map((event: Listed) => event.id)).toEqual([...captured].reverse());
    const numbers = data.map((event: Listed) => event.capture_seq);
    expect(numbers.every((seq: number | null) => Number.isInteger(seq))).toBe(true);
    expect(numbers).toEqual([...numbers].sort((a: number, b: number) => b - a));
    // Not the order of receipt: the first capture has the latest receipt time.
    expect(data.at(-1).received_at > data[0].received_at).toBe(true);
    const one = (await checkedApi(context).get(`/v1/events/${captured[0]}`).set(tenant.auth).expect(200)).body;
    expect(one.capture_seq).toBe(numbers.at(-1));
  });

  it('pages by cursor in the same order, with nothing repeated or left out, also per endpoint', async () => {
    expect(await everyPage('')).toEqual([...captured].reverse());
    expect(await everyPage(`&endpoint_id=${endpoint.id}`)).toEqual([captured[3], captured[2], captured[0]]);
  });

  it('lists events without a capture number after the numbered ones, newest id first, paging across both', async () => {
    // Events captured before capture numbers existed (migration capture_order) have none.
    const unnumbered = [captured[0]!, captured[2]!];
    await context.ownerPool.query('UPDATE events SET capture_seq = NULL WHERE id = ANY($1::uuid[])', [unnumbered]);
    const expected = [captured[3], captured[1], ...[...unnumbered].sort().reverse()];
    expect((await list()).data.map((event: Listed) => event.id)).toEqual(expected);
    expect(await everyPage('')).toEqual(expected);
    expect((await list()).data.slice(2).map((event: Listed) => event.capture_seq)).toEqual([null, null]);
  });

  it('reads every page from an index in list order, with no sort', async () => {
    // The queries listEvents sends, as Prisma logs them, planned as the application role with sorting and sequential
    // scans made the last resort: a plan that still sorts could not get the order from an index.
    const logged: Array<{ query: string; params: string }> = [];
    const handles = openPrismaOnPool(
      context.appRoleUrl,
      2,
      () => undefined,
      (adapter) => new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] }),
    );
    handles.db.$on('query', (event) => logged.push({ query: event.query, params: event.params }));
    try {
      const tenants = new TenantDatabase(handles.db);
      const list = (cursor: string | undefined, endpointId?: string) =>
        tenants.run(tenant.tenantId, async (tx) =>
          listEvents({
            tx,
            page: { limit: 1, cursor },
            window: await retentionWindow(tx, tenant.tenantId, context.runtime.now()),
            endpointId,
          }),
        );
      const first = await list(undefined);
      await list(first.nextCursor!);
      await list(undefined, endpoint.id);
    } finally {
      await handles.close();
    }
    const reads = logged.filter((entry) => /FROM "public"\."events"/.test(entry.query) && /ORDER BY/.test(entry.query));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    const client = await context.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.tenant_id', $1, true)", [tenant.tenantId]);
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_sort = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      for (const read of reads) {
        const { rows } = await client.query(`EXPLAIN ${read.query}`, JSON.parse(read.params));
        const plan = rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
        expect({ query: read.query, plan }).toEqual({
          query: read.query,
          plan: expect.not.stringMatching(/(^|->)\s*(Incremental )?Sort\s+\(/m),
        });
        expect(plan).toMatch(/Index (Only )?Scan Backward using/);
        // The read of events without a number uses an index of them only (a partial index), not a filter over all.
        expect(plan).not.toMatch(/Filter: .*capture_seq IS NULL/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
