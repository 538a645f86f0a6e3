import { StatsQuery } from '@workspace/contracts';
import type { Express } from 'express';
import type { Deps } from '../../deps.js';
import { readDestinationHealth } from '../../domain/health/read-destination-health.js';
import { readEndpointVolume } from '../../domain/health/read-endpoint-volume.js';
import { idParam, parseInput } from '../parse.js';
import { tenantHandler } from '../tenant-handler.js';

/** A destination's health and an endpoint's volume over a recent window (docs/health.md). */
export function registerStatsRoutes(app: Express, deps: Deps): void {
  app.get(
    '/v1/destinations/:destination_id/health',
    tenantHandler(deps, async ({ req, tx, principal }) => ({
      status: 200,
      body: await readDestinationHealth({
        tx,
        tenantId: principal.tenantId,
        destinationId: idParam(req, 'destination_id'),
        query: parseInput(StatsQuery, req.query),
        now: deps.runtime.now(),
      }),
    })),
  );
  app.get(
    '/v1/endpoints/:endpoint_id/volume',
    tenantHandler(deps, async ({ req, tx, principal }) => ({
      status: 200,
      body: await readEndpointVolume({
        tx,
        tenantId: principal.tenantId,
        endpointId: idParam(req, 'endpoint_id'),
        query: parseInput(StatsQuery, req.query),
        now: deps.runtime.now(),
      }),
    })),
  );
}
