import { CreateEventTypeRequest, RelayListQuery, UpdateEventTypeRequest } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { createEventType } from '../../domain/event-types/create-event-type.js';
import { deleteEventType } from '../../domain/event-types/delete-event-type.js';
import { findEventType, listEventTypes } from '../../domain/event-types/event-type-view.js';
import { listEndpointEventTypes } from '../../domain/event-types/list-endpoint-event-types.js';
import { updateEventType } from '../../domain/event-types/update-event-type.js';
import { retentionWindow } from '../../domain/retention/retention-window.js';
import type { Deps } from '../../deps.js';
import { presentEndpointEventType, presentEventType } from '../event-type-presenters.js';
import { idParam, parseInput } from '../parse.js';
import { presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

/** The per-endpoint catalog and the tenant's own event types (docs/event-types.md). */
export function registerEventTypeRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime } = deps;
  app.get(
    '/v1/endpoints/:endpoint_id/event-types',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const endpointId = idParam(req, 'endpoint_id');
      const now = runtime.now();
      const window = await retentionWindow(tx, principal.tenantId, now);
      const rows = await listEndpointEventTypes({ tx, tenantId: principal.tenantId, endpointId, window, now });
      return { status: 200, body: { data: rows.map(presentEndpointEventType) } };
    }),
  );
  app.post(
    '/v1/event-types',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(CreateEventTypeRequest, req.body);
      const created = await createEventType({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, input });
      return { status: 201, body: presentEventType(created) };
    }),
  );
  app.get(
    '/v1/event-types',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listEventTypes({ tx, page: parseInput(RelayListQuery, req.query) }), presentEventType),
    })),
  );
  app.get(
    '/v1/event-types/:event_type_id',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentEventType(await findEventType(tx, idParam(req, 'event_type_id'))),
    })),
  );
  app.patch(
    '/v1/event-types/:event_type_id',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const eventTypeId = idParam(req, 'event_type_id');
      const changes = parseInput(UpdateEventTypeRequest, req.body);
      const updated = await updateEventType({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, eventTypeId, changes });
      return { status: 200, body: presentEventType(updated) };
    }),
  );
  app.delete(
    '/v1/event-types/:event_type_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await deleteEventType({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        eventTypeId: idParam(req, 'event_type_id'),
      });
      return { status: 204, body: null };
    }),
  );
}
