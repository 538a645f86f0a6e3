import { checkStatsBucket, StatsQueryMembers } from '@workspace/contracts';
import { z } from 'zod';
import { readDestinationHealth } from '../../domain/health/read-destination-health.js';
import { readEndpointVolume } from '../../domain/health/read-endpoint-volume.js';
import { defineTool, type RelayTool } from './tool-definition.js';

const DestinationHealthInput = StatsQueryMembers.extend({ destination_id: z.uuid({ error: 'destination_id must be a UUID' }) }).superRefine(
  checkStatsBucket,
);
const EndpointVolumeInput = StatsQueryMembers.extend({ endpoint_id: z.uuid({ error: 'endpoint_id must be a UUID' }) }).superRefine(
  checkStatsBucket,
);

/** A destination's health and an endpoint's volume, as GET /v1/destinations/{id}/health and /v1/endpoints/{id}/volume answer them. */
export const STATS_TOOLS: RelayTool[] = [
  defineTool({
    name: 'destinations.health',
    mirrors: 'getDestinationHealth',
    title: "A destination's health",
    description:
      'Over the last 1h, 24h (default) or 7d: deliveries by state, success rate, attempt latency p50/p95, the last failure with its answer, the queue now, and attempts per bucket.',
    input: DestinationHealthInput,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, (tx) =>
        readDestinationHealth({
          tx,
          tenantId: context.principal.tenantId,
          destinationId: input.destination_id,
          query: { window: input.window, ...(input.bucket ? { bucket: input.bucket } : {}) },
          now: context.deps.runtime.now(),
        }),
      ),
  }),
  defineTool({
    name: 'endpoints.volume',
    mirrors: 'getEndpointVolume',
    title: "An endpoint's volume",
    description:
      'Events the endpoint captured over the last 1h, 24h (default) or 7d, per bucket, split by verification state (verified, authenticated, failed, unattempted, pending) and repeats.',
    input: EndpointVolumeInput,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, (tx) =>
        readEndpointVolume({
          tx,
          tenantId: context.principal.tenantId,
          endpointId: input.endpoint_id,
          query: { window: input.window, ...(input.bucket ? { bucket: input.bucket } : {}) },
          now: context.deps.runtime.now(),
        }),
      ),
  }),
];
