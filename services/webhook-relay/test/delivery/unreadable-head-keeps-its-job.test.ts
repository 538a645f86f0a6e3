// A pending head whose event or payload the heads read cannot find must not read as "nothing pending": the worker
// would complete its job and leave the delivery pending with no job, until new deliveries woke the destination. The
// scale bench met it while partition maintenance moved a day's rows out of a default partition
// (bench/relay-delivery-scale.md). The miss is forced here by changing the stored payload's key, so the head's
// payload lookup finds nothing; the read must fail, the job must stay, and once the payload is found again the
// delivery goes out. The heads of several destinations are read in one call: the read of the one whose head is
// missing fails alone, the others' are answered. Real PostgreSQL and Redis.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deliveryStatements, loadHeads } from '../../src/delivery/delivery-store.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { TenantConnectionShare } from '../../src/delivery/tenant-connection-share.js';
import { workDestination } from '../../src/delivery/work-destination.js';
import { startDeliveryHarness, workDestinationDeps, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { inApplicationRole } from '../helpers/rows-read.js';

const aPlace = { stopping: () => false, sendingSlowly: () => undefined, answeredPromptly: () => undefined };
/** Any key no payload has: the head's lookup by its event's key then finds nothing. */
const OTHER_KEY = Buffer.alloc(32, 7);

let h: DeliveryHarness;
let receiver: Receiver;
let sender: HttpSender;

beforeAll(async () => {
  h = await startDeliveryHarness({ workers: false });
  receiver = await startReceiver();
  sender = new HttpSender(new EgressGuard(parseCidrList('127.0.0.1/32')), 16);
}, 60_000);
afterAll(async () => {
  await sender.close();
  await receiver.close();
  await h.close();
});

describe('a pending head the heads read cannot find with its payload', () => {
  it('fails the read instead of answering that nothing is pending, and keeps the job until the head can be sent', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"head":1}');
    const owner = h.context.ownerPool;
    const { rows } = await owner.query<{ sha256: Buffer }>('SELECT payload_sha256 AS sha256 FROM events WHERE id = $1', [eventId]);
    const storedKey = rows[0]!.sha256;
    await owner.query('UPDATE payloads SET sha256 = $1 WHERE sha256 = $2', [OTHER_KEY, storedKey]);

    const readHeads = () =>
      inApplicationRole(owner, (client) =>
        client.query<{ id: string | null; heads_read: number }>(
          'SELECT id, heads_read FROM relay_delivery_heads($1, ARRAY[$2]::uuid[], 20, now())',
          [h.tenant.tenantId, destination.id],
        ),
      );
    // The call says one head was read and returns none; the worker's read of it fails.
    expect((await readHeads()).rows).toEqual([{ id: null, heads_read: 1 }]);
    const statements = deliveryStatements(h.context.deps.pool, TenantConnectionShare.forPool(2), h.context.deps.runtime);
    await expect(
      loadHeads(statements, h.context.deps.pool, h.context.deps.sealed, { tenantId: h.tenant.tenantId, destinationId: destination.id }),
    ).rejects.toThrow(/1 of the 1 pending heads .* could not be read/);

    // The worker's turn: the read fails, the job is set aside (not completed), and nothing is sent.
    const deps = workDestinationDeps(h, { queues: h.queues, sender });
    await workDestination(deps, { tenantId: h.tenant.tenantId, destinationId: destination.id }, aPlace);
    expect(receiver.bodies()).toEqual([]);
    expect(await h.queues.jobCount(destination.id)).toBe(1);

    // Found again: the next turn (after the job's short wait) sends it, and its job is done.
    await owner.query('UPDATE payloads SET sha256 = $1 WHERE sha256 = $2', [storedKey, OTHER_KEY]);
    const stored = await readHeads();
    expect(stored.rows).toEqual([{ id: expect.any(String), heads_read: 1 }]);
    for (let turn = 0; turn < 50 && receiver.bodies().length === 0; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await workDestination(deps, { tenantId: h.tenant.tenantId, destinationId: destination.id }, aPlace);
    }
    expect(receiver.bodies()).toEqual(['{"head":1}']);
    expect(await h.queues.jobCount(destination.id)).toBe(0);
  }, 60_000);

  it("fails only that destination's read when it shares a call with another destination's", async () => {
    const owner = h.context.ownerPool;
    const endpoint = await h.endpoint();
    const broken = await h.destination(receiver.url);
    const sound = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, broken.id);
    const eventId = await h.send(endpoint.url, '{"first":1}');
    await h.subscribe(endpoint.id, sound.id);
    const soundEvent = await h.send(endpoint.url, '{"second":2}');
    await owner.query('UPDATE payloads SET sha256 = $1 WHERE sha256 = (SELECT payload_sha256 FROM events WHERE id = $2)', [
      Buffer.alloc(32, 11),
      eventId,
    ]);
    // The tenant's one connection is busy, so both reads wait and go in one call.
    const share = new TenantConnectionShare(1);
    const statements = deliveryStatements(h.context.deps.pool, share, h.context.deps.runtime);
    let release!: () => void;
    const holding = share.run(h.tenant.tenantId, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const read = (destinationId: string) =>
      loadHeads(statements, h.context.deps.pool, h.context.deps.sealed, { tenantId: h.tenant.tenantId, destinationId });
    const reads = [read(broken.id), read(sound.id)];
    expect(statements.heads.waitingItems(h.tenant.tenantId)).toBe(2);
    release();
    await holding;
    const [brokenRead, soundRead] = await Promise.allSettled(reads);
    expect(brokenRead).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringMatching(/could not be read/) }),
    });
    expect(soundRead!.status).toBe('fulfilled');
    const sent = (soundRead as PromiseFulfilledResult<Awaited<ReturnType<typeof read>>>).value;
    expect(sent.heads.map((head) => [head.eventId, head.body.toString()])).toEqual([[soundEvent, '{"second":2}']]);
  }, 60_000);

  it('still answers a destination that is off with its one row, whatever its heads', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"off":1}');
    const owner = h.context.ownerPool;
    await owner.query('UPDATE payloads SET sha256 = $1 WHERE sha256 = (SELECT payload_sha256 FROM events WHERE id = $2)', [
      Buffer.alloc(32, 9),
      eventId,
    ]);
    await owner.query('UPDATE destinations SET enabled = false WHERE id = $1', [destination.id]);
    const { rows } = await inApplicationRole(owner, (client) =>
      client.query<{ live: boolean; id: string | null }>('SELECT live, id FROM relay_delivery_heads($1, ARRAY[$2]::uuid[], 20, now())', [
        h.tenant.tenantId,
        destination.id,
      ]),
    );
    expect(rows).toEqual([{ live: false, id: null }]);
  }, 60_000);
});
