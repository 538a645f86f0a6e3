import { ListEventsQuery } from '@workspace/contracts';
import type { Express } from 'express';
import { getEvent } from '../../domain/events/get-event.js';
import { listEventsByQuery } from '../../domain/events/list-events.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentEventDetail, presentEventSummary, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';
import { registerEventStreamRoute } from './event-stream.js';

export function registerEventRoutes(app: Express, deps: Deps): void {
  app.get(
    '/v1/events',
    tenantHandler(deps, async ({ req, tx }) => {
      const page = await listEventsByQuery(tx, parseInput(ListEventsQuery, req.query));
      return { status: 200, body: presentPage(page, presentEventSummary) };
    }),
  );
  registerEventStreamRoute(app, deps);
  app.get(
    '/v1/events/:event_id',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentEventDetail(await getEvent({ tx, eventId: idParam(req, 'event_id') })),
    })),
  );
}
