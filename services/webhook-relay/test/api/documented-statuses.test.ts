// Every operation of the OpenAPI document, driven through the cases any operation can be put in (no key, a
// malformed or unknown id, a bad query, a body that is not a JSON object, not JSON, too large or missing, the
// happy path): the answer must be the expected status and one the document lists for that operation, and its body
// what the contract says (the success answer's schema, or RelayError). The cases come from the document itself, so a
// new route is covered as soon as it is documented.
import { randomUUID } from 'node:crypto';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildWebhookRelayOpenApi, RELAY_ANSWER_CONTRACTS, RelayError, RelayHealth } from '@workspace/contracts';
import type { Response } from 'supertest';
import { MAX_API_BODY_BYTES } from '../../src/app.js';
import { expectContract } from '../helpers/contract.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { insertAgentGrant } from '../helpers/mcp-agent.js';
import { api } from '../helpers/test-app.js';

type Schema = Record<string, any>;
interface Operation {
  route: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  secured: boolean;
  /** The MCP server and its OAuth server: JSON-RPC and OAuth bodies, driven by test/mcp. */
  mcpProtocol: boolean;
  listed: number[];
  success: number;
  params: string[];
  query: Array<{ name: string; schema: Schema }>;
  body: { required: boolean; schema: Schema } | null;
  /** Answers server-sent events (text/event-stream): the test reads the status and the first event, then hangs up. */
  stream: boolean;
}

// The document the service serves (beforeAll checks that /openapi.json is this very document).
const DOCUMENT = buildWebhookRelayOpenApi() as Schema;
const OPERATIONS: Operation[] = Object.entries(DOCUMENT.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'patch', 'delete'].includes(method))
    .map(([method, op]) => {
      const listed = Object.keys(op.responses).map(Number);
      const parameters = (op.parameters ?? []) as Array<{ in: string; name: string; schema: Schema }>;
      const body = op.requestBody && {
        required: Boolean(op.requestBody.required),
        schema: op.requestBody.content['application/json'].schema,
      };
      return {
        route: `${method.toUpperCase()} ${path}`,
        method: method as Operation['method'],
        path,
        operationId: op.operationId as string,
        secured: Boolean(op.security?.length),
        mcpProtocol: Boolean(op.tags?.includes('MCP')),
        listed,
        success: listed.find((status) => status >= 200 && status < 300)!,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query'),
        body: body ?? null,
        stream: Boolean(op.responses[listed.find((status) => status >= 200 && status < 300)!]?.content?.['text/event-stream']),
      };
    }),
);
// /admin takes the operator's key, not a tenant's: test/api/admin-tenants.test.ts drives it.
const SECURED = OPERATIONS.filter((op) => op.secured && !op.path.startsWith('/admin/'));
const WITH_PARAMS = SECURED.filter((op) => op.params.length).flatMap((op) => op.params.map((param) => [op.route, param, op] as const));
const WITH_QUERY = SECURED.filter((op) => op.query.length).map((op) => [op.route, op] as const);
const WITH_BODY = SECURED.filter((op) => op.body).map((op) => [op.route, op] as const);
const byRoute = (ops: Operation[]) => ops.map((op) => [op.route, op] as const);

/** One of each resource an id in a path or body can name, made through the API (and ingest, for events). */
type World = Record<string, string>;

// Bodies the document cannot say enough about (ReplayRequest: exactly one of event_ids, delivery_ids, from/to).
const HAPPY_BODIES: Record<string, (world: World) => unknown> = {
  replay: (world) => ({ destination_id: world.destination_id, event_ids: [world.event_id] }),
  // CreateNotificationTargetRequest: url is required for kind webhook (a refinement the document cannot show).
  createNotificationTarget: () => ({ kind: 'webhook', url: 'https://hooks.example.com/notify' }),
  // CreateEventTypeRequest: the name has a pattern, and names are unique per tenant.
  createEventType: () => ({ name: `sample.${randomUUID()}`, schema: { type: 'object' } }),
  // Transformations: code must compile to a function; activating null (detach) needs no saved version.
  createTransformation: () => ({ code: '(request) => request' }),
  activateTransformation: () => ({ version: null }),
  testTransformation: (world) => ({ event_id: world.event_id, code: '(request) => request' }),
};

const resolve = (schema: Schema): Schema => (schema.$ref ? DOCUMENT.components.schemas[schema.$ref.split('/').pop()] : schema);

function idFor(world: World, path: string, name: string): string {
  // Two resources call their id secret_id: the path says whose.
  const key = name === 'secret_id' ? (path.startsWith('/v1/destinations/') ? 'destination_secret_id' : 'provider_secret_id') : name;
  const id = world[key];
  if (!id) throw new Error(`no test resource for ${name} in ${path}: make one in newWorld()`);
  return id;
}

/** A minimal valid value for `schema`: required members (or the first, when at least one is required). */
function sample(schema: Schema, name: string, world: World): unknown {
  const resolved = resolve(schema);
  const type = Array.isArray(resolved.type) ? resolved.type.find((item: string) => item !== 'null') : resolved.type;
  if (resolved.enum) return resolved.enum[0];
  if (type === 'string') {
    if (resolved.format === 'uuid') return idFor(world, '', name);
    if (resolved.format === 'uri') return 'https://hooks.example.com/in';
    if (resolved.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
    if (resolved.pattern) throw new Error(`cannot make up "${name}" (pattern ${resolved.pattern}): add a HAPPY_BODIES entry`);
    return `sample ${name}`;
  }
  if (type === 'integer' || type === 'number') return resolved.default ?? resolved.minimum ?? 1;
  if (type === 'boolean') return resolved.default ?? true;
  if (type === 'array') return resolved.minItems ? [sample(resolved.items, name, world)] : [];
  const properties = (resolved.properties ?? {}) as Record<string, Schema>;
  const names: string[] = resolved.required?.length ? resolved.required : resolved.minProperties ? [Object.keys(properties)[0]!] : [];
  return Object.fromEntries(names.map((member) => [member, sample(properties[member]!, member, world)]));
}

const happyBody = (op: Operation, world: World) =>
  (HAPPY_BODIES[op.operationId] ?? ((w: World) => sample(op.body!.schema, 'body', w)))(world);
const isId = (schema: Schema | undefined) =>
  Boolean(schema && (resolve(schema).format === 'uuid' || resolve(resolve(schema).items ?? {}).format === 'uuid'));

describe('every documented operation answers only statuses its document lists', () => {
  let h: DeliveryHarness;
  let shared: World;

  // No workers: deliveries stay pending, replays are queued and never sent.
  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    shared = await newWorld();
  });
  afterAll(async () => {
    streams?.close();
    await h.close();
  });

  const created = async (path: string, body: object) => (await api(h.context).post(path).set(h.tenant.auth).send(body).expect(201)).body;

  async function newWorld(): Promise<World> {
    const endpoint = await h.endpoint();
    const destination = await created('/v1/destinations', { name: 'named in bodies', url: 'https://hooks.example.com/a' });
    const subscribed = await created('/v1/destinations', { name: 'subscribed', url: 'https://hooks.example.com/b' });
    const subscription = await h.subscribe(endpoint.id, subscribed.id);
    const eventId = await h.send(endpoint.url, '{"hello":"world"}');
    const deliveries = (await api(h.context).get(`/v1/deliveries?event_id=${eventId}`).set(h.tenant.auth).expect(200)).body.data;
    const key = await created('/v1/api-keys', { name: 'spare' });
    const secret = await created(`/v1/endpoints/${endpoint.id}/secrets`, { secret: 'provider secret' });
    const trigger = (await api(h.context).post('/v1/triggers/wait').set(h.tenant.auth).send({ endpoint_id: endpoint.id }).expect(200)).body;
    // Queued, never run (no runner here): its cancel is the happy path.
    const bulkRetry = (
      await api(h.context).post('/v1/bulk-retries').set(h.tenant.auth).send({ destination_id: destination.id }).expect(202)
    ).body;
    const target = await created('/v1/notification-targets', { kind: 'webhook', url: 'https://hooks.example.com/notify' });
    const eventType = await created('/v1/event-types', { name: `world.${randomUUID()}`, schema: { type: 'object' } });
    // An open issue of the destination, as a failing delivery would open it (no workers here).
    const at = h.context.runtime.now();
    const issue = await h.context.deps.tenants.run(h.tenant.tenantId, (tx) =>
      tx.issue.create({
        data: {
          id: h.context.runtime.newId(),
          tenantId: h.tenant.tenantId,
          destinationId: destination.id,
          kind: 'http_5xx',
          firstSeenAt: at,
          lastSeenAt: at,
        },
      }),
    );
    return {
      endpoint_id: endpoint.id,
      destination_id: destination.id,
      destination_secret_id: destination.secrets[0].id,
      subscription_id: subscription.id,
      event_id: eventId,
      delivery_id: deliveries[0].id,
      key_id: key.id,
      provider_secret_id: secret.id,
      trigger_id: trigger.trigger_id,
      bulk_retry_id: bulkRetry.id,
      target_id: target.id,
      event_type_id: eventType.id,
      issue_id: issue.id,
      agent_id: await insertAgentGrant(h.context, h.tenant.tenantId, 'agent'),
    };
  }

  const urlOf = (op: Operation, world: World, replace: Record<string, string> = {}) =>
    op.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => replace[name] ?? idFor(world, op.path, name));

  function call(op: Operation, url: string, options: { auth?: boolean; body?: unknown; raw?: string; type?: string } = {}) {
    if (op.stream) return openStream(url, options.auth !== false);
    let request = api(h.context)[op.method](url);
    if (options.auth !== false) request = request.set(h.tenant.auth);
    if (options.raw !== undefined) return request.set('Content-Type', options.type ?? 'application/json').send(options.raw);
    return options.body === undefined ? request : request.send(options.body as object);
  }

  let streams: Server | undefined;

  /** A stream's status and, when it opened, its first event (`ready`); then the request is dropped. */
  async function openStream(url: string, auth: boolean): Promise<Response> {
    if (!streams) {
      const server = h.context.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      streams = server;
    }
    const { port } = streams.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const request = get({ host: '127.0.0.1', port, path: url, headers: auth ? h.tenant.auth : {} }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          const json = response.headers['content-type']?.startsWith('application/json');
          if (json || text.includes('\n\n')) {
            request.destroy();
            resolve({ status: response.statusCode, body: json ? JSON.parse(text) : { text } } as unknown as Response);
          }
        });
        response.on('end', () => resolve({ status: response.statusCode, body: text ? JSON.parse(text) : {} } as unknown as Response));
      });
      request.on('error', reject);
    });
  }

  function expectAnswer(op: Operation, response: Response, expected: number) {
    const problem = response.status === expected ? undefined : response.body;
    expect({ route: op.route, status: response.status, problem }).toEqual({ route: op.route, status: expected, problem: undefined });
    expect({ route: op.route, status: response.status, listed: op.listed }).toEqual({
      route: op.route,
      status: response.status,
      listed: expect.arrayContaining([response.status]),
    });
    if (response.status >= 400) expectContract(RelayError, response.body, `${op.route}'s ${response.status} answer`);
    else if (op.stream) expect(response.body.text).toContain('event: ready');
    else if (response.status !== 204)
      expectContract(RELAY_ANSWER_CONTRACTS[op.operationId]!, response.body, `${op.route}'s ${response.status} answer`);
  }

  it('has a contract for the success answer of every operation that answers with a body', () => {
    const withBody = SECURED.filter((op) => !op.stream && DOCUMENT.paths[op.path][op.method].responses[op.success].content).map(
      (op) => op.operationId,
    );
    expect(Object.keys(RELAY_ANSWER_CONTRACTS).sort()).toEqual(withBody.sort());
  });

  it('serves this document at /openapi.json', async () => {
    expect((await api(h.context).get('/openapi.json').expect(200)).body).toEqual(JSON.parse(JSON.stringify(DOCUMENT)));
  });

  it.each(byRoute(SECURED))('%s answers 401 without an API key', async (_route, op) => {
    expectAnswer(
      op,
      await call(op, urlOf(op, {}, Object.fromEntries(op.params.map((name) => [name, randomUUID()]))), { auth: false, body: {} }),
      401,
    );
  });

  it.each(WITH_PARAMS)('%s answers 400 for a malformed %s', async (_route, param, op) => {
    expectAnswer(
      op,
      await call(op, urlOf(op, shared, { [param]: 'not-a-uuid' }), { body: op.body ? happyBody(op, shared) : undefined }),
      400,
    );
  });

  it.each(WITH_PARAMS)('%s answers 404 for an unknown %s', async (_route, param, op) => {
    expectAnswer(
      op,
      await call(op, urlOf(op, shared, { [param]: randomUUID() }), { body: op.body ? happyBody(op, shared) : undefined }),
      404,
    );
  });

  it.each(WITH_QUERY)('%s answers 400 for an unknown query parameter and for a malformed value of each', async (_route, op) => {
    const url = urlOf(op, shared);
    expectAnswer(op, await call(op, `${url}?unknown_parameter=1`), 400);
    for (const { name, schema } of op.query) {
      const resolved = resolve(schema);
      const bad = resolved.enum
        ? 'no-such-value'
        : resolved.format || resolved.type === 'integer'
          ? 'not-valid'
          : resolved.minLength
            ? ''
            : undefined;
      if (bad !== undefined) expectAnswer(op, await call(op, `${url}?${name}=${encodeURIComponent(bad)}`), 400);
    }
  });

  it.each(WITH_BODY)('%s answers 400 for a JSON body that is not an object', async (_route, op) => {
    expectAnswer(op, await call(op, urlOf(op, shared), { raw: '["not", "an", "object"]' }), 400);
  });

  it.each(WITH_BODY)('%s answers 415 for a text/plain body, and for a JSON body sent as text/plain', async (_route, op) => {
    expectAnswer(op, await call(op, urlOf(op, shared), { raw: 'rotate please', type: 'text/plain' }), 415);
    expectAnswer(op, await call(op, urlOf(op, shared), { raw: JSON.stringify(happyBody(op, shared)), type: 'text/plain' }), 415);
  });

  it.each(WITH_BODY)('%s answers 413 for a body over the limit', async (_route, op) => {
    expectAnswer(op, await call(op, urlOf(op, shared), { raw: JSON.stringify({ name: 'x'.repeat(MAX_API_BODY_BYTES) }) }), 413);
  });

  it.each(WITH_BODY)('%s answers an empty request as the document says (400 when the body is required)', async (_route, op) => {
    expectAnswer(op, await call(op, urlOf(op, op.body!.required ? shared : await newWorld())), op.body!.required ? 400 : op.success);
  });

  it.each(WITH_BODY.filter(([, op]) => Object.values(resolve(op.body!.schema).properties ?? {}).some((schema) => isId(schema as Schema))))(
    '%s answers 404 for each unknown id in its body',
    async (_route, op) => {
      const body = happyBody(op, shared) as Record<string, unknown>;
      const ids = Object.keys(body).filter((name) => isId(resolve(op.body!.schema).properties[name]));
      expect(ids.length).toBeGreaterThan(0);
      for (const name of ids) {
        const unknown = Array.isArray(body[name]) ? [randomUUID()] : randomUUID();
        expectAnswer(op, await call(op, urlOf(op, shared), { body: { ...body, [name]: unknown } }), 404);
      }
    },
  );

  // Each on resources of its own, so deletes and rotations leave the other cases theirs.
  it.each(byRoute(SECURED))('%s answers its documented success status on the happy path', async (_route, op) => {
    const world = await newWorld();
    expectAnswer(op, await call(op, urlOf(op, world), { body: op.body ? happyBody(op, world) : undefined }), op.success);
  });

  it.each(byRoute(OPERATIONS.filter((op) => !op.secured && !op.mcpProtocol)))(
    '%s (no key) answers a documented status',
    async (_route, op) => {
      const response = await call(op, op.path, { auth: false });
      expect({ route: op.route, status: response.status, listed: op.listed }).toEqual({
        route: op.route,
        status: response.status,
        listed: expect.arrayContaining([response.status]),
      });
      if (response.status >= 400) expectContract(RelayError, response.body, `${op.route}'s ${response.status} answer`);
      else if (op.operationId === 'getHealth' || op.operationId === 'getReadiness')
        expectContract(RelayHealth, response.body, `${op.route}'s answer`);
    },
  );
});
