import {
  CreateEndpointRequest,
  DeleteEndpointQuery,
  type EndpointWithIngestUrl,
  type IngestUrl,
  RelayListQuery,
  UpdateEndpointRequest,
} from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { createEndpoint } from '../../domain/endpoints/create-endpoint.js';
import { deleteEndpoint } from '../../domain/endpoints/delete-endpoint.js';
import { findEndpoint } from '../../domain/endpoints/endpoint-view.js';
import { ingestUrl } from '../../domain/endpoints/ingest-token.js';
import { listEndpoints } from '../../domain/endpoints/list-endpoints.js';
import { readIngestUrl } from '../../domain/endpoints/read-ingest-url.js';
import { rotateIngestToken } from '../../domain/endpoints/rotate-ingest-token.js';
import { updateEndpoint } from '../../domain/endpoints/update-endpoint.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentEndpoint, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerEndpointRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime, sealed } = deps;
  const ingestBase = deps.config.ingestBaseUrl;
  const present = (endpoint: Parameters<typeof presentEndpoint>[0]) => presentEndpoint(endpoint, ingestBase);

  app.post(
    '/v1/endpoints',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(CreateEndpointRequest, req.body);
      const { endpoint, token } = await createEndpoint({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        name: input.name,
        provider: input.provider ?? null,
        dedup: input.dedup ?? null,
      });
      return { status: 201, body: { ...present(endpoint), ingest_url: ingestUrl(ingestBase, token) } satisfies EndpointWithIngestUrl };
    }),
  );
  app.get(
    '/v1/endpoints',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listEndpoints({ tx, page: parseInput(RelayListQuery, req.query) }), present),
    })),
  );
  app.get(
    '/v1/endpoints/:endpoint_id',
    tenantHandler(deps, async ({ req, tx }) => ({ status: 200, body: present(await findEndpoint(tx, idParam(req, 'endpoint_id'))) })),
  );
  app.patch(
    '/v1/endpoints/:endpoint_id',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const endpointId = idParam(req, 'endpoint_id');
      const changes = parseInput(UpdateEndpointRequest, req.body);
      const endpoint = await updateEndpoint({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, endpointId, changes });
      return { status: 200, body: present(endpoint) };
    }),
  );
  app.delete(
    '/v1/endpoints/:endpoint_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const endpointId = idParam(req, 'endpoint_id');
      const query = parseInput(DeleteEndpointQuery, req.query);
      const purgeEvents = query.purge_events === 'true';
      await deleteEndpoint({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, endpointId, purgeEvents });
      return { status: 204, body: null };
    }),
  );
  app.get(
    '/v1/endpoints/:endpoint_id/ingest-url',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const url = await readIngestUrl({ tx, tenantId: principal.tenantId, sealed, ingestBase, endpointId: idParam(req, 'endpoint_id') });
      return { status: 200, body: { ingest_url: url } satisfies IngestUrl };
    }),
  );
  app.post(
    '/v1/endpoints/:endpoint_id/ingest-url/rotate',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const url = await rotateIngestToken({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        ingestBase,
        endpointId: idParam(req, 'endpoint_id'),
      });
      return { status: 200, body: { ingest_url: url } satisfies IngestUrl };
    }),
  );
}
