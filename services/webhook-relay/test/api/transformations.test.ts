// Transformations through the REST API: versions saved, listed newest first, activated and detached, tried in the
// test console on a captured event; bad input is a 400 naming the problem, another tenant's destination a 404,
// and every change is audited. No workers: nothing here is delivered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import type { TestTenant } from '../helpers/test-app.js';

const RENAME_AND_TAG = `(request) => {
  console.log('renaming', request.body.amount);
  const { amount, ...rest } = request.body;
  return { ...request, headers: { ...request.headers, 'x-transformed': 'yes' }, body: { ...rest, total: amount } };
}`;

let h: DeliveryHarness;
let other: TestTenant;
let eventId: string;

const api = () => checkedApi(h.context);
const transformations = (destinationId: string) => `/v1/destinations/${destinationId}/transformations`;
const create = (destinationId: string, body: object, auth = h.tenant.auth) =>
  api().post(transformations(destinationId)).set(auth).send(body);
const activate = (destinationId: string, body: object, auth = h.tenant.auth) =>
  api()
    .post(`${transformations(destinationId)}/activate`)
    .set(auth)
    .send(body);
const test = (destinationId: string, body: object, auth = h.tenant.auth) =>
  api()
    .post(`${transformations(destinationId)}/test`)
    .set(auth)
    .send(body);
const newDestination = () => h.destination('https://hooks.example.com/in?team=payments');
const expectRefusal = (response: { body: { error: { code: string; message: string } } }, message: RegExp) => {
  expect(response.body.error.code).toMatch(/invalid_request|not_found/);
  expect(response.body.error.message).toMatch(message);
};

beforeAll(async () => {
  h = await startDeliveryHarness({ workers: false });
  other = await h.context.newTenant('pro');
  const endpoint = await h.endpoint();
  eventId = await h.send(endpoint.url, '{"order":"A-1","amount":42}');
});
afterAll(() => h?.close());

describe('saving, listing and activating versions', () => {
  it('numbers versions per destination, lists them newest first and activates one at once when asked', async () => {
    const destination = await newDestination();
    const first = (await create(destination.id, { code: '(request) => request' }).expect(201)).body;
    expect(first).toMatchObject({ destination_id: destination.id, version: 1, active: false, code: '(request) => request' });
    expect(first.created_by).toEqual(expect.any(String));
    const second = (await create(destination.id, { code: RENAME_AND_TAG, activate: true }).expect(201)).body;
    expect(second).toMatchObject({ version: 2, active: true });

    const listed = (await api().get(transformations(destination.id)).set(h.tenant.auth).expect(200)).body;
    expect(listed.active_version).toBe(2);
    expect(listed.data.map((item: { version: number; active: boolean }) => [item.version, item.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    const shown = (await api().get(`/v1/destinations/${destination.id}`).set(h.tenant.auth).expect(200)).body;
    expect(shown.transformation_version).toBe(2);
  });

  it('activates a saved version and detaches with null, answering the destination as GET does', async () => {
    const destination = await newDestination();
    await create(destination.id, { code: '(request) => request' }).expect(201);
    await create(destination.id, { code: '(request) => null' }).expect(201);
    const activated = (await activate(destination.id, { version: 1 }).expect(200)).body;
    expect(activated).toMatchObject({ id: destination.id, transformation_version: 1 });
    const shown = (await api().get(`/v1/destinations/${destination.id}`).set(h.tenant.auth).expect(200)).body;
    expect(activated).toEqual({ ...shown, updated_at: activated.updated_at, breaker: shown.breaker });
    expect((await api().get(transformations(destination.id)).set(h.tenant.auth).expect(200)).body.active_version).toBe(1);

    const detached = (await activate(destination.id, { version: null }).expect(200)).body;
    expect(detached.transformation_version).toBeNull();
    const listed = (await api().get(transformations(destination.id)).set(h.tenant.auth).expect(200)).body;
    expect(listed.active_version).toBeNull();
    expect(listed.data.every((item: { active: boolean }) => !item.active)).toBe(true);
  });

  it('gives concurrent creates of one destination distinct versions 1..n', async () => {
    const destination = await newDestination();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => create(destination.id, { code: `(request) => ({ ...request, body: ${index} })` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(answers.map((answer) => answer.body.version).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('audits each version saved and each activation, naming the versions', async () => {
    const destination = await newDestination();
    await create(destination.id, { code: '(request) => request', activate: true }).expect(201);
    await activate(destination.id, { version: null }).expect(200);
    const audit = (await api().get('/v1/audit?limit=20').set(h.tenant.auth).expect(200)).body.data as Array<{
      action: string;
      target: { id: string };
      details: Record<string, unknown>;
    }>;
    const ours = audit.filter((entry) => entry.target.id === destination.id && entry.action.startsWith('transformation.'));
    expect(ours.map((entry) => [entry.action, entry.details])).toEqual([
      ['transformation.activated', { version: null, previous_version: 1 }],
      ['transformation.created', { version: 1, activated: true, previous_version: null }],
    ]);
  });
});

describe('the test console', () => {
  it('runs unsaved code on a captured event and shows the request, its logs and nothing sent or saved', async () => {
    const destination = await newDestination();
    const result = (await test(destination.id, { event_id: eventId, code: RENAME_AND_TAG }).expect(200)).body;
    expect(result).toMatchObject({
      outcome: 'send',
      error: null,
      logs: ['renaming 42'],
      request: {
        method: 'POST',
        url: 'https://hooks.example.com/in?team=payments',
        headers: { 'content-type': 'application/json', 'x-transformed': 'yes' },
      },
    });
    expect(JSON.parse(result.request.body)).toEqual({ order: 'A-1', total: 42 });
    expect(result.duration_ms).toEqual(expect.any(Number));
    expect((await api().get(transformations(destination.id)).set(h.tenant.auth).expect(200)).body.data).toEqual([]);
    const deliveries = (await api().get(`/v1/deliveries?destination_id=${destination.id}`).set(h.tenant.auth).expect(200)).body;
    expect(deliveries.data).toEqual([]);
  });

  it('runs a saved version, and shows a drop and a failure with its cause', async () => {
    const destination = await newDestination();
    await create(destination.id, { code: '(request) => null' }).expect(201);
    expect((await test(destination.id, { event_id: eventId, version: 1 }).expect(200)).body).toMatchObject({
      outcome: 'dropped',
      request: null,
      error: null,
    });
    const thrown = (await test(destination.id, { event_id: eventId, code: '(request) => { throw new Error("no amount") }' }).expect(200))
      .body;
    expect(thrown).toMatchObject({ outcome: 'failed', request: null, error: expect.stringMatching(/no amount/) });
    const looping = (await test(destination.id, { event_id: eventId, code: '(request) => { for (;;) {} }' }).expect(200)).body;
    expect(looping).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/CPU time limit/) });
  });
});

describe('bad input', () => {
  let destinationId: string;
  beforeAll(async () => {
    destinationId = (await newDestination()).id;
    await create(destinationId, { code: '(request) => request' }).expect(201);
  });

  it.each([
    ['empty code', { code: '' }, /code must not be empty/],
    ['blank code', { code: '   ' }, /code must not be empty/],
    ['missing code', {}, /code is required/],
    ['code that is not a string', { code: 42 }, /code must be a string/],
    ['code that does not compile', { code: '(request) => {' }, /SyntaxError/],
    ['code that is not a function', { code: '42' }, /not a function/],
    ['an object that is not a function', { code: '({ body: 1 })' }, /not a function/],
    ['code that loops while it is evaluated', { code: '(() => { for (;;) {} })()' }, /CPU time limit/],
    ['activate that is not a boolean', { code: '(request) => request', activate: 'yes' }, /activate must be true or false/],
    ['an unknown field', { code: '(request) => request', colour: 'red' }, /unknown field "colour"/],
  ])('refuses to save %s with 400 naming the problem', async (_case, body, message) => {
    expectRefusal(await create(destinationId, body).expect(400), message);
  });

  it('saves nothing it refused', async () => {
    const listed = (await api().get(transformations(destinationId)).set(h.tenant.auth).expect(200)).body;
    expect(listed.data.map((item: { version: number }) => item.version)).toEqual([1]);
  });

  it.each([
    ['a version given as text', { version: '1' }, /version must be a whole number/],
    ['a fractional version', { version: 1.5 }, /version must be a whole number/],
    ['version 0', { version: 0 }, /version must be at least 1/],
    ['no version', {}, /version/],
    ['an unknown field', { version: 1, colour: 'red' }, /unknown field "colour"/],
  ])('refuses to activate %s with 400', async (_case, body, message) => {
    expectRefusal(await activate(destinationId, body).expect(400), message);
  });

  it.each([
    ['both code and version', () => ({ event_id: eventId, code: '(r) => r', version: 1 }), /exactly one of code .* or version/],
    ['neither code nor version', () => ({ event_id: eventId }), /exactly one of code .* or version/],
    ['a version given as text', () => ({ event_id: eventId, version: '1' }), /version must be a whole number/],
    ['no event', () => ({ code: '(r) => r' }), /event_id/],
    ['an event id that is not a UUID', () => ({ event_id: 'evt_1', code: '(r) => r' }), /event_id/],
    ['empty code', () => ({ event_id: eventId, code: '' }), /code must not be empty/],
    ['an unknown field', () => ({ event_id: eventId, code: '(r) => r', colour: 'red' }), /unknown field "colour"/],
  ])('refuses a test with %s with 400', async (_case, body, message) => {
    expectRefusal(await test(destinationId, body()).expect(400), message);
  });
});

describe('what is not found', () => {
  it("answers 404 for another tenant's destination on every operation", async () => {
    const theirs = (
      await api().post('/v1/destinations').set(other.auth).send({ name: 'theirs', url: 'https://hooks.example.com/theirs' }).expect(201)
    ).body;
    await create(theirs.id, { code: '(request) => request' }, other.auth).expect(201);
    await create(theirs.id, { code: '(request) => request' }).expect(404);
    await api().get(transformations(theirs.id)).set(h.tenant.auth).expect(404);
    await activate(theirs.id, { version: 1 }).expect(404);
    await test(theirs.id, { event_id: eventId, version: 1 }).expect(404);
    // Nor is our event theirs to test on.
    expectRefusal(await test(theirs.id, { event_id: eventId, code: '(r) => r' }, other.auth).expect(404), /event .* not found/);
    expect((await api().get(transformations(theirs.id)).set(other.auth).expect(200)).body.data).toHaveLength(1);
  });

  it('answers 404 for a deleted destination', async () => {
    const destination = await newDestination();
    await create(destination.id, { code: '(request) => request' }).expect(201);
    await api().delete(`/v1/destinations/${destination.id}`).set(h.tenant.auth).expect(204);
    await create(destination.id, { code: '(request) => request' }).expect(404);
    await api().get(transformations(destination.id)).set(h.tenant.auth).expect(404);
    await activate(destination.id, { version: 1 }).expect(404);
    await test(destination.id, { event_id: eventId, version: 1 }).expect(404);
  });

  it('answers 404 naming an unknown version or event', async () => {
    const destination = await newDestination();
    await create(destination.id, { code: '(request) => request' }).expect(201);
    expectRefusal(await activate(destination.id, { version: 2 }).expect(404), /transformation version 2 .* not found/);
    expectRefusal(await test(destination.id, { event_id: eventId, version: 7 }).expect(404), /transformation version 7 .* not found/);
    expectRefusal(await test(destination.id, { event_id: randomUUID(), code: '(r) => r' }).expect(404), /event .* not found/);
    const shown = (await api().get(`/v1/destinations/${destination.id}`).set(h.tenant.auth).expect(200)).body;
    expect(shown.transformation_version).toBeNull();
  });
});
