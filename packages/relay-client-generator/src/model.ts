// The operations of the committed OpenAPI document that the clients expose, in one language-neutral shape.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  format?: string;
};

export interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

interface RawOperation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  summary: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON request body, when the operation takes one. */
  body?: { schema: JsonSchema; required: boolean };
  /** The success status and its JSON schema (none for 204). */
  status: number;
  response?: JsonSchema;
  /** A cursor-paginated list: `{data: Item[], next_cursor}` with a `cursor` query parameter. */
  pageItem?: JsonSchema;
  /** POSTs take an Idempotency-Key header. */
  idempotent: boolean;
}

export interface SkippedOperation {
  operationId: string;
  method: string;
  path: string;
  reason: string;
}

export interface ClientModel {
  title: string;
  apiVersion: string;
  schemas: Record<string, JsonSchema>;
  operations: Operation[];
  skipped: SkippedOperation[];
}

const JSON_TYPE = 'application/json';
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

/**
 * Every operation the clients can call: under /v1, bearer-authenticated, JSON in and JSON (or nothing) out. Others
 * (probes, operators' /admin routes, browser sign-in redirects, server-sent event streams, cookie sessions) are
 * listed as skipped, with the reason.
 */
export function buildModel(document: OpenApiDocument): ClientModel {
  const operations: Operation[] = [];
  const skipped: SkippedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const operationId = raw.operationId ?? `${method}_${path}`;
      const skip = (reason: string) => skipped.push({ operationId, method: method.toUpperCase(), path, reason });
      if (!path.startsWith('/v1/')) {
        skip('not part of the versioned /v1 API');
        continue;
      }
      if (!raw.security?.some((requirement) => 'apiKey' in requirement)) {
        skip('not authenticated by an API key');
        continue;
      }
      const success = Object.entries(raw.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      if (!success) {
        skip('no success response');
        continue;
      }
      const [status, answer] = success;
      const contentTypes = Object.keys(answer.content ?? {});
      if (contentTypes.length > 0 && !contentTypes.includes(JSON_TYPE)) {
        skip(`answers ${contentTypes.join(', ')}, not JSON`);
        continue;
      }
      const bodyTypes = Object.keys(raw.requestBody?.content ?? {});
      if (bodyTypes.length > 0 && !bodyTypes.includes(JSON_TYPE)) {
        skip(`takes ${bodyTypes.join(', ')}, not JSON`);
        continue;
      }
      const parameters = raw.parameters ?? [];
      const toParameter = (p: RawParameter): Parameter => ({
        name: p.name,
        required: p.in === 'path' || p.required === true,
        schema: p.schema ?? { type: 'string' },
        ...(p.description ? { description: p.description } : {}),
      });
      const response = answer.content?.[JSON_TYPE]?.schema;
      const query = parameters.filter((p) => p.in === 'query').map(toParameter);
      const bodySchema = raw.requestBody?.content?.[JSON_TYPE]?.schema;
      const pageItem = response ? pageItemOf(response, query) : undefined;
      operations.push({
        operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        summary: raw.summary ?? operationId,
        pathParams: parameters.filter((p) => p.in === 'path').map(toParameter),
        query,
        ...(bodySchema ? { body: { schema: bodySchema, required: raw.requestBody?.required === true } } : {}),
        status: Number(status),
        ...(response ? { response } : {}),
        ...(pageItem ? { pageItem } : {}),
        idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      });
    }
  }
  operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
  skipped.sort((a, b) => a.operationId.localeCompare(b.operationId));
  return { title: document.info.title, apiVersion: document.info.version, schemas: document.components.schemas, operations, skipped };
}

function pageItemOf(response: JsonSchema, query: Parameter[]): JsonSchema | undefined {
  const data = response.properties?.data;
  if (!data || !response.properties?.next_cursor || !query.some((p) => p.name === 'cursor')) return undefined;
  return data.type === 'array' ? data.items : undefined;
}

/** The component name of a `$ref: '#/components/schemas/Name'`. */
export function refName(schema: JsonSchema): string | undefined {
  return schema.$ref?.replace('#/components/schemas/', '');
}

/** The schema's types without null, and whether null is allowed. */
export function typesOf(schema: JsonSchema): { types: string[]; nullable: boolean } {
  const all = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = all.includes('null') || (schema.enum?.includes(null) ?? false);
  return { types: all.filter((t) => t !== 'null'), nullable };
}

/** A nullable union member (`anyOf: [X, {type: null}]`) as X plus nullable. */
export function unwrapNullableUnion(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } | undefined {
  const members = schema.anyOf ?? schema.oneOf;
  if (!members) return undefined;
  const nonNull = members.filter((m) => !(m.type === 'null'));
  if (nonNull.length === 1 && nonNull.length < members.length) return { inner: nonNull[0]!, nullable: true };
  if (members.length === 1) return { inner: members[0]!, nullable: false };
  return undefined;
}

export function camelToSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
