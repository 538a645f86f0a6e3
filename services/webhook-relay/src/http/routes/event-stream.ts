import { EventStreamQuery } from '@workspace/contracts';
import type { Express, Response } from 'express';
import { eventFilterWhere, type EventFilters } from '../../domain/events/event-filters.js';
import { RelayError } from '../../domain/relay-error.js';
import type { Deps } from '../../deps.js';
import { principalOf, watchPrincipal } from '../authenticate.js';
import { parseInput } from '../parse.js';
import { presentEventSummary } from '../presenters.js';

/** Notices arriving this close together are read in one query. */
const COALESCE_MS = 20;
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** Open streams per tenant in one process: a tab left open in many windows must not hold every connection. */
export const MAX_STREAMS_PER_TENANT = 20;

/**
 * GET /v1/events/stream: server-sent events. `event: ready` once listening, then `event: event` with an
 * event's summary (the list's shape) each time one matching the filters is captured or its check is
 * recorded (so an event can come twice: pending, then verified). Nothing is read from the database until
 * a notice names events of this tenant. If Redis does not take the subscription within its command timeout
 * the request answers 503 (nothing would be noticed); the stream ends when the process drains and when the
 * principal that opened it ends (key revoked, session signed out, tenant deleted: PrincipalWatch).
 */
export function registerEventStreamRoute(app: Express, deps: Deps): void {
  app.get('/v1/events/stream', async (req, res) => {
    const live = deps.live;
    if (!live) throw new RelayError('not_found', 'the live event feed is not enabled on this server: page through GET /v1/events');
    const query = parseInput(EventStreamQuery, req.query);
    const { tenantId } = principalOf(res);
    if (live.listening(tenantId) >= MAX_STREAMS_PER_TENANT)
      throw new RelayError('rate_limited', `at most ${MAX_STREAMS_PER_TENANT} live feeds may be open at once: close another tab`);
    await openStream(deps, res, tenantId, {
      endpointId: query.endpoint_id,
      state: query.state,
      provider: query.provider,
      eventType: query.event_type,
    });
  });
}

async function openStream(deps: Deps, res: Response, tenantId: string, filters: EventFilters): Promise<void> {
  const live = deps.live!;
  const waiting = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const where = eventFilterWhere(filters);
  // Events are written after `ready` (their reads are chained on it).
  let ready!: () => void;
  let reading = new Promise<void>((resolve) => {
    ready = resolve;
  });

  const flush = () => {
    timer = undefined;
    const ids = [...waiting];
    waiting.clear();
    reading = reading
      .then(async () => {
        const events = await deps.tenants.run(tenantId, (tx) =>
          tx.event.findMany({
            where: { AND: [{ id: { in: ids } }, where] },
            include: { payload: { select: { size: true } }, check: true },
            orderBy: { id: 'asc' },
          }),
        );
        for (const event of events) res.write(`event: event\nid: ${event.id}\ndata: ${JSON.stringify(presentEventSummary(event))}\n\n`);
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'the live feed could not read events'));
  };
  const end = () => res.end();
  const stopListening = live.listen(
    tenantId,
    (ids) => {
      for (const id of ids) waiting.add(id);
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    end,
  );
  const stopWatching = watchPrincipal(res, end);
  const stop = () => {
    stopListening();
    stopWatching();
    clearInterval(heartbeat);
    clearTimeout(timer);
  };
  res.on('close', stop);
  // The answer waits until ingest has been told this tenant is listened to: from `ready` on every event it captures is sent.
  try {
    await live.whenListening(tenantId);
  } catch (error) {
    stop();
    if (res.destroyed || res.writableEnded) return;
    throw error; // Redis did not answer in time: 503 with Retry-After (error-handler.ts)
  }
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
  res.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
  ready();
  heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
}
