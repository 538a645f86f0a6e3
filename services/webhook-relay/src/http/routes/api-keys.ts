import { CreateApiKeyRequest, type CreatedApiKey, RelayListQuery } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { createApiKey } from '../../domain/api-keys/create-api-key.js';
import { listApiKeys } from '../../domain/api-keys/list-api-keys.js';
import { revokeApiKey } from '../../domain/api-keys/revoke-api-key.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentApiKey, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerApiKeyRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime } = deps;
  app.post(
    '/v1/api-keys',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(CreateApiKeyRequest, req.body);
      const { apiKey, secret } = await createApiKey({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        name: input.name,
      });
      return { status: 201, body: { ...presentApiKey(apiKey), key: secret } satisfies CreatedApiKey };
    }),
  );
  app.get(
    '/v1/api-keys',
    tenantHandler(deps, async ({ req, tx }) => {
      const page = await listApiKeys({ tx, page: parseInput(RelayListQuery, req.query) });
      return { status: 200, body: presentPage(page, presentApiKey) };
    }),
  );
  app.delete(
    '/v1/api-keys/:key_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await revokeApiKey({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, keyId: idParam(req, 'key_id') });
      return { status: 204, body: null };
    }),
  );
}
