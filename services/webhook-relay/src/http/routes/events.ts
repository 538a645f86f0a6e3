import { ListEventsQuery } from '@workspace/contracts';
import type { Express } from 'express';
import { getEvent } from '../../domain/events/get-event.js';
import { listEventsByQuery } from '../../domain/events/list-events-by-query.js';
import { retentionWindow } from '../../domain/retention/retention-window.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentEventDetail, presentEventSummary, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';
import { registerEventStreamRoute } from './event-stream.js';

export function registerEventRoutes(app: Express, deps: Deps): void {
  app.get(
    '/v1/events',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const query = parseInput(ListEventsQuery, req.query);
      const page = await listEventsByQuery(tx, query, await retentionWindow(tx, principal.tenantId, deps.runtime.now()));
      return { status: 200, body: presentPage(page, presentEventSummary) };
    }),
  );
  registerEventStreamRoute(app, deps);
  app.get(
    '/v1/events/:event_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const eventId = idParam(req, 'event_id');
      const window = await retentionWindow(tx, principal.tenantId, deps.runtime.now());
      return { status: 200, body: presentEventDetail(await getEvent({ tx, eventId, window })) };
    }),
  );
}
