import type { ConnectionPool } from '../prisma.js';

/** One ready event and one of its endpoint's subscriptions that has a filter. */
export interface FilterInputRow {
  subscription_id: string;
  version: Date;
  filter: unknown;
  event_id: string;
  headers: unknown;
  body: Buffer | null;
  query: string;
  provider: string | null;
  state: string;
  event_type: string | null;
}

const FILTER_INPUTS =
  'SELECT subscription_id, version, filter, event_id, headers, body, query, provider, state, event_type FROM relay_filter_inputs($1::uuid, $2::uuid[])';

/** What the fan-out judges subscription filters on (prisma/functions/relay_filter_inputs.sql). */
export async function relayFilterInputs(pool: ConnectionPool, input: { tenantId: string; eventIds: string[] }): Promise<FilterInputRow[]> {
  const { rows } = await pool.query<FilterInputRow>({
    name: 'relay-filter-inputs',
    text: FILTER_INPUTS,
    values: [input.tenantId, input.eventIds],
  });
  return rows;
}
