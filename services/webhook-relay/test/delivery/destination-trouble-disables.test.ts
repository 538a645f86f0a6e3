import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLOSED } from '../../src/delivery/circuit-breaker.js';
import { recordDestinationTrouble } from '../../src/domain/issues/record-destination-trouble.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

// What a worker does when a destination answers 410 Gone, without the worker: the destination goes off
// and the audit log says so, together or not at all.
describe('disabling a destination that answered 410', () => {
  let context: TestContext;
  let tenant: TestTenant;

  const newDestination = async () =>
    (await api(context).post('/v1/destinations').set(tenant.auth).send({ name: 'gone', url: 'https://hooks.example.com/gone' }).expect(201))
      .body.id as string;
  const disable = (destinationId: string) =>
    context.deps.tenants.run(tenant.tenantId, async (tx) => {
      const { disabled } = await recordDestinationTrouble(tx, context.runtime, {
        tenantId: tenant.tenantId,
        destinationId,
        breaker: { ...CLOSED, nextProbeAt: null },
        wasOpen: false,
        recovered: false,
        exhausted: [],
        disable: { deliveryId: '01890a5d-ac96-774b-bcce-b302099a8057', reason: 'the destination answered 410 Gone' },
      });
      return disabled;
    });
  const latestAudit = async () => (await api(context).get('/v1/audit?limit=1').set(tenant.auth).expect(200)).body.data[0];

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
  });
  afterAll(() => context.close());

  it('turns the destination off and appends one system entry that keeps the chain valid', async () => {
    const destinationId = await newDestination();
    expect(await disable(destinationId)).toBe(true);
    const destination = (await api(context).get(`/v1/destinations/${destinationId}`).set(tenant.auth).expect(200)).body;
    expect(destination).toMatchObject({ enabled: false, disabled_reason: 'the destination answered 410 Gone' });
    expect(await latestAudit()).toMatchObject({
      actor: 'system:delivery',
      action: 'destination.disabled',
      target: { type: 'destination', id: destinationId },
      details: { reason: 'the destination answered 410 Gone', delivery_id: '01890a5d-ac96-774b-bcce-b302099a8057' },
    });
    expect((await api(context).post('/v1/audit/verify').set(tenant.auth).expect(200)).body).toMatchObject({
      intact: true,
      first_broken: null,
    });
  });

  it('records nothing for a destination already turned off through the API', async () => {
    const destinationId = await newDestination();
    await api(context).patch(`/v1/destinations/${destinationId}`).set(tenant.auth).send({ enabled: false }).expect(200);
    const before = await latestAudit();
    expect(await disable(destinationId)).toBe(false);
    expect(await latestAudit()).toEqual(before);
    const destination = (await api(context).get(`/v1/destinations/${destinationId}`).set(tenant.auth).expect(200)).body;
    expect(destination.disabled_reason).toBe('disabled through the API');
  });

  it('records nothing for a deleted destination', async () => {
    const destinationId = await newDestination();
    await api(context)
      .delete(`/v1/destinations/${destinationId}`)
      .set(tenant.auth)
      .expect((response) => expect(response.status).toBeLessThan(300));
    const before = await latestAudit();
    expect(await disable(destinationId)).toBe(false);
    expect(await latestAudit()).toEqual(before);
  });
});
