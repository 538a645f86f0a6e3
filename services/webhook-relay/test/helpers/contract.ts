// Checks API answers against their contract schemas in packages/contracts, the schemas the CLI trusts:
// expectContract(schema, body) for one answer, checkedApi(context) for every answer of a test.
import { buildWebhookRelayOpenApi, RELAY_ANSWER_CONTRACTS, RelayError, RelayHealth } from '@workspace/contracts';
import request, { type Response } from 'supertest';
import { z } from 'zod';
import type { TestContext } from './test-app.js';

type App = Parameters<typeof request>[0];

/**
 * Fails unless `body` is exactly what `schema` describes, and returns it typed:
 * - a missing or mistyped field fails the schema (a nullable field must be present, as null);
 * - a field the schema does not name fails too, at any depth: zod's objects strip unknown members, so
 *   the parsed value is compared with the answer and every member parsing dropped is reported;
 * - parsing must give the answer back unchanged (the answer schemas have no defaults or transforms).
 * An optional member (Endpoint's dedup.fields and dedup.window_seconds) may be absent: the contract allows it.
 * Free-form members (z.record of unknown: AuditEntry.details, EventDetail.verification.detail) are not looked into.
 */
export function expectContract<Schema extends z.ZodType>(schema: Schema, body: unknown, what = 'the answer'): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`${what} breaks its contract:\n${z.prettifyError(result.error)}\n${what}: ${JSON.stringify(body)}`);
  const unnamed = membersDropped(body, result.data, '');
  if (unnamed.length)
    throw new Error(`${what} has members its contract does not name: ${unnamed.join(', ')}\n${what}: ${JSON.stringify(body)}`);
  if (JSON.stringify(canonical(result.data)) !== JSON.stringify(canonical(body))) {
    throw new Error(
      `${what} changes when parsed by its contract:\nanswer: ${JSON.stringify(body)}\nparsed: ${JSON.stringify(result.data)}`,
    );
  }
  return result.data;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths (`data[0].secret`) present in the answer and gone from the parsed value. */
function membersDropped(answer: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed))
    return answer.flatMap((item, index) => membersDropped(item, parsed[index], `${path}[${index}]`));
  if (!isObject(answer) || !isObject(parsed)) return [];
  return Object.keys(answer).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? membersDropped(answer[key], parsed[key], at) : [at];
  });
}

/** The value with object members in name order, so two values compare as JSON whatever order their members were made in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

interface DocumentedOperation {
  method: string;
  route: string;
  pattern: RegExp;
  operationId: string;
  success: number;
}

// The operations of the document /openapi.json serves, their paths as patterns (`{endpoint_id}`: one segment).
const OPERATIONS: DocumentedOperation[] = Object.entries(buildWebhookRelayOpenApi().paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, { operationId?: string; responses?: Record<string, unknown> }>)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({
      method,
      route: `${method.toUpperCase()} ${path}`,
      pattern: new RegExp(`^${path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`),
      operationId: operation.operationId!,
      success: Object.keys(operation.responses ?? {})
        .map(Number)
        .find((status) => status >= 200 && status < 300)!,
    })),
);

// Answers outside /v1 that have a contract, by status (/openapi.json is the document itself; sign-in answers
// redirects and a page): the readiness probe's 503 names the failing check in a RelayHealth, not a RelayError.
const PUBLIC_ANSWERS: Record<string, Record<number, z.ZodType>> = {
  getHealth: { 200: RelayHealth },
  getReadiness: { 200: RelayHealth, 503: RelayHealth },
};

/**
 * Checks one answer of the API against the contract of the operation that served it: an error against RelayError,
 * a success against the operation's answer schema (RELAY_ANSWER_CONTRACTS), with expectContract's strictness.
 * A success from a route the document does not list, or with another status than the documented one, fails too.
 */
export function expectAnswerContract(method: string, url: string, response: Pick<Response, 'status' | 'body'>): void {
  const path = new URL(url, 'http://relay.invalid').pathname;
  const what = `the ${response.status} answer of ${method.toUpperCase()} ${path}`;
  const operation = OPERATIONS.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  const publicSchema = operation && PUBLIC_ANSWERS[operation.operationId]?.[response.status];
  if (publicSchema) {
    expectContract(publicSchema, response.body, what);
    return;
  }
  if (response.status >= 400) {
    expectContract(RelayError, response.body, what);
    return;
  }
  if (response.status >= 300) return;
  if (!operation) throw new Error(`${what}: /openapi.json documents no such operation`);
  if (response.status !== operation.success) throw new Error(`${what}: ${operation.route} is documented to answer ${operation.success}`);
  const schema = RELAY_ANSWER_CONTRACTS[operation.operationId];
  if (schema) expectContract(schema, response.body, what);
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * supertest's `request(app)` whose every answer is checked by expectAnswerContract when the request completes
 * (before the test's own `.expect(...)` calls: a wrong status with a valid error body still fails on the status).
 */
export function checkedRequest(app: App) {
  const agent = request(app);
  const checked = (method: Method) => (url: string) =>
    agent[method](url).expect((response: Response) => expectAnswerContract(method, url, response));
  return { get: checked('get'), post: checked('post'), put: checked('put'), patch: checked('patch'), delete: checked('delete') };
}

/** `api(context)` of test-app.ts, every answer checked against its contract. */
export const checkedApi = (context: TestContext) => checkedRequest(context.app);
