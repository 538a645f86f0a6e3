import { post } from '../api.js';
import { actionButton, badge, field, h, replaceChildren, table, time } from '../dom.js';
import type { SubscriptionFilterDryRunResult } from '../types.js';

const EXAMPLE = '{"body.amount": {"$gt": 100}, "body.currency": {"$in": ["usd", "eur"]}}';

/** The JSON in the filter box: undefined when empty; a readable error when it is not a JSON object. */
export function parseFilter(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Filter: not JSON. Example: ${EXAMPLE}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`Filter: must be a JSON object, e.g. ${EXAMPLE}`);
  return parsed as Record<string, unknown>;
}

/**
 * The subscription form's filter (docs/filters.md): a textarea for a MongoDB-style query, and a Dry run button
 * that shows which of the chosen endpoint's last events it matches, before anything is saved.
 */
export function filterField(endpointId: () => string): HTMLElement {
  const box = h('textarea', { name: 'filter', rows: 3, cols: 60, spellcheck: false, class: 'code', placeholder: EXAMPLE });
  const results = h('div', { class: 'dry-run', 'aria-live': 'polite' });
  const dryRun = actionButton(
    'Dry run',
    async () => {
      const filter = parseFilter(box.value) ?? {};
      const result = await post<SubscriptionFilterDryRunResult>('/v1/subscriptions/dry-run', { endpoint_id: endpointId(), filter });
      replaceChildren(results, dryRunTable(result));
    },
    'quiet',
  );
  return h(
    'div',
    null,
    field('Filter', box, 'MongoDB query syntax over body, headers, query, provider, state, event_type; empty: every event'),
    dryRun,
    results,
  );
}

function dryRunTable(result: SubscriptionFilterDryRunResult): HTMLElement {
  const summary = h(
    'p',
    null,
    `${result.matched} matched, ${result.unmatched} would be filtered, of the endpoint's last ${result.events.length} events.`,
  );
  if (result.events.length === 0) return summary;
  return h(
    'div',
    null,
    summary,
    table(
      ['Event', 'Captured', 'Type', 'Result'],
      result.events.map((event) =>
        h(
          'tr',
          { 'data-event-id': event.event_id },
          h('td', { class: 'code' }, event.event_id.slice(0, 8)),
          h('td', null, time(event.captured_at)),
          h('td', null, event.event_type ?? ''),
          h('td', null, event.matched ? badge('succeeded', 'matched') : badge('filtered'), event.reason ? ` (${event.reason})` : ''),
        ),
      ),
      'Dry run',
    ),
  );
}
