import type { SubscriptionFilterDryRunRequest, SubscriptionFilterDryRunResult } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { findEndpoint } from '../endpoints/endpoint-view.js';
import { RelayError } from '../relay-error.js';
import { compileFilter } from './filters/compile-filter.js';
import { buildFilterDocument } from './filters/filter-document.js';

interface RecentEventRow {
  id: string;
  received_at: Date;
  headers: unknown;
  query: string;
  state: string;
  body: Buffer | null;
  event_type: string | null;
}

/** Judges a filter against the endpoint's last events, newest capture first, as the fan-out would; writes nothing. */
export async function dryRunSubscriptionFilter(options: {
  tx: TenantTx;
  input: SubscriptionFilterDryRunRequest;
}): Promise<SubscriptionFilterDryRunResult> {
  const { tx, input } = options;
  const endpoint = await findEndpoint(tx, input.endpoint_id);
  let test: ReturnType<typeof compileFilter>;
  try {
    test = compileFilter(input.filter);
  } catch (error) {
    throw new RelayError('invalid_request', `filter cannot be evaluated: ${(error as Error).message}`);
  }
  const rows = await tx.$queryRaw<RecentEventRow[]>`
    SELECT e.id, e.received_at, e.headers, e.query, coalesce(c.state::text, 'unattempted') AS state, p.body,
           relay_event_type(e.headers, p.body) AS event_type
      FROM (SELECT * FROM events WHERE endpoint_id = ${endpoint.id}::uuid
             ORDER BY capture_seq DESC NULLS LAST, id DESC LIMIT ${input.limit}) e
      LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id
      LEFT JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
     ORDER BY e.capture_seq DESC NULLS LAST, e.id DESC`;
  const events = rows.map((row) => {
    const { document, reason } = buildFilterDocument({
      headers: row.headers,
      body: row.body,
      query: row.query,
      provider: endpoint.provider,
      state: row.state,
      eventType: row.event_type,
    });
    return {
      event_id: row.id,
      captured_at: row.received_at.toISOString(),
      event_type: row.event_type,
      matched: test(document),
      ...(reason ? { reason } : {}),
    };
  });
  const matched = events.filter((event) => event.matched).length;
  return { endpoint_id: endpoint.id, matched, unmatched: events.length - matched, events };
}
