import openapiTS, { astToString } from 'openapi-typescript';
import type { ClientModel, OpenApiDocument, Operation } from './model.js';
import { GENERATED_NOTICE } from './notice.js';

const camel = (name: string) => name.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `src/generated/schema.ts` (openapi-typescript) and `src/generated/operations.ts` (one method per operation). */
export async function emitTypeScript(document: OpenApiDocument, model: ClientModel): Promise<Record<string, string>> {
  const schema = astToString(
    // A member with a default may be left out of a request: not required unless the document says so.
    await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { defaultNonNullable: false }),
  );
  return {
    'src/generated/schema.ts': `// ${GENERATED_NOTICE}\n// Types by openapi-typescript.\n\n${schema}`,
    'src/generated/operations.ts': operationsFile(model),
  };
}

function operationsFile(model: ClientModel): string {
  const lines = [
    `// ${GENERATED_NOTICE}`,
    '',
    "import type { components, operations } from './schema.js';",
    '',
    "export type Schemas = components['schemas'];",
    '',
    '/** Per-call options. */',
    'export interface RequestOptions {',
    '  /** POST only: the Idempotency-Key to send (default: a new random key per call, reused by its retries). */',
    '  idempotencyKey?: string;',
    '  /** Aborts the call, its retries and their waits. */',
    '  signal?: AbortSignal;',
    "  /** Time limit of each attempt, in milliseconds (default: the client's). */",
    '  timeoutMs?: number;',
    '}',
    '',
    '/** What a generated method hands to the client to send. */',
    'export interface OperationRequest {',
    '  operationId: string;',
    "  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';",
    '  path: string;',
    '  query?: Record<string, string | number | boolean | undefined> | undefined;',
    '  body?: unknown;',
    '  /** The operation takes an Idempotency-Key header. */',
    '  idempotent: boolean;',
    '}',
    '',
    '/** One page of a cursor-paginated list. */',
    'export interface Page<Item> {',
    '  data: Item[];',
    '  next_cursor: string | null;',
    '}',
    '',
    model.skipped.length > 0
      ? `// Not offered (not JSON over an API key): ${model.skipped.map((s) => `${s.operationId} (${s.reason})`).join('; ')}.`
      : '// Every operation of the document is offered.',
    '',
    `/** Every JSON operation of the ${model.title} (${model.apiVersion}), one typed method each. */`,
    'export abstract class RelayOperations {',
    '  protected abstract send<Answer>(request: OperationRequest, options?: RequestOptions): Promise<Answer>;',
    '  protected abstract paginate<Item>(fetchPage: (cursor: string | undefined) => Promise<Page<Item>>): AsyncGenerator<Item, void, undefined>;',
  ];
  for (const operation of model.operations) lines.push('', ...method(operation));
  lines.push('}', '');
  return lines.join('\n');
}

function method(operation: Operation): string[] {
  const id = operation.operationId;
  const answer = operation.response ? `operations['${id}']['responses'][${operation.status}]['content']['application/json']` : 'void';
  const params = operation.pathParams.map((p) => `${camel(p.name)}: string`);
  let path = `'${operation.path}'`;
  if (operation.pathParams.length > 0)
    path = `\`${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => `\${encodeURIComponent(${camel(name)})}`)}\``;
  const queryType = `operations['${id}']['parameters']['query']`;
  const queryRequired = operation.query.some((p) => p.required);
  if (operation.body)
    params.push(
      `body${operation.body.required ? '' : '?'}: NonNullable<operations['${id}']['requestBody']>['content']['application/json']`,
    );
  if (operation.query.length > 0) params.push(`query${queryRequired ? '' : '?'}: ${queryType}`);
  params.push('options?: RequestOptions');
  const request = [
    `operationId: '${id}'`,
    `method: '${operation.method}'`,
    `path: ${path}`,
    ...(operation.query.length > 0 ? ['query'] : []),
    ...(operation.body ? ['body'] : []),
    `idempotent: ${operation.idempotent}`,
  ];
  const out = [
    `  /** ${operation.summary} (\`${operation.method} ${operation.path}\`). */`,
    `  ${id}(${params.join(', ')}): Promise<${answer}> {`,
    `    return this.send({ ${request.join(', ')} }, options);`,
    '  }',
  ];
  if (operation.pageItem) {
    const item = `${answer}['data'][number]`;
    const pageParams = [
      ...operation.pathParams.map((p) => `${camel(p.name)}: string`),
      `query${queryRequired ? '' : '?'}: Omit<NonNullable<${queryType}>, 'cursor'>`,
      'options?: RequestOptions',
    ];
    const args = [...operation.pathParams.map((p) => camel(p.name)), '{ ...query, cursor }', 'options'];
    out.push(
      '',
      `  /** Every item of \`${id}\`, page after page (follows \`next_cursor\`). */`,
      `  ${id}All(${pageParams.join(', ')}): AsyncGenerator<${item}, void, undefined> {`,
      `    return this.paginate((cursor) => this.${id}(${args.join(', ')}));`,
      '  }',
    );
  }
  return out;
}
