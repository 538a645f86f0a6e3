import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildModel, type OpenApiDocument } from '../src/model.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('relay client generator', () => {
  // In a child process: openapi-typescript's CommonJS build does not load inside jest's ESM runtime.
  it("finds every committed client up to date with the contracts' OpenAPI document (else run `pnpm clients:generate`)", async () => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile('npx', ['tsx', 'src/main.ts', '--check'], { cwd: packageDir }, (error, _stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
    expect(result).toEqual({ code: 0, stderr: '' });
  }, 120_000);

  it('offers only bearer-authenticated JSON operations under /v1, and names the others it leaves out', () => {
    const json = { content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } };
    const document: OpenApiDocument = {
      info: { title: 'relay', version: '1' },
      components: { schemas: {} },
      paths: {
        '/v1/things': {
          get: { operationId: 'listThings', security: [{ apiKey: [] }, { dashboardSession: [] }], responses: { '200': json } },
        },
        '/v1/events/stream': {
          get: {
            operationId: 'streamEvents',
            security: [{ apiKey: [] }],
            responses: { '200': { content: { 'text/event-stream': { schema: { type: 'string' } } } } },
          },
        },
        '/auth/session': { post: { operationId: 'signIn', security: [{ dashboardSession: [] }], responses: { '204': {} } } },
        '/admin/tenants': { get: { operationId: 'listTenants', security: [{ apiKey: [] }], responses: { '200': json } } },
        '/v1/cookie-only': { get: { operationId: 'cookieOnly', security: [{ dashboardSession: [] }], responses: { '200': json } } },
      },
    };
    const model = buildModel(document);
    expect(model.operations.map((o) => o.operationId)).toEqual(['listThings']);
    expect(Object.fromEntries(model.skipped.map((s) => [s.operationId, s.reason]))).toEqual({
      cookieOnly: 'not authenticated by an API key',
      listTenants: 'not part of the versioned /v1 API',
      signIn: 'not part of the versioned /v1 API',
      streamEvents: 'answers text/event-stream, not JSON',
    });
  });
});
