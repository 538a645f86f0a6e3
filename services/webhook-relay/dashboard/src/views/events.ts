import { pageThrough } from '../paging.js';
import { get, post, withQuery, type Page } from '../api.js';
import { explainVerification } from '../causes.js';
import { actionButton, badge, download, facts, field, h, link, notify, onSubmit, select, table, time } from '../dom.js';
import { allDestinations, allEndpoints, nameOf } from '../names.js';
import { go, type Params, type View } from '../router.js';
import type { Delivery, EventDetail, EventSummary, ReplayResult } from '../types.js';

const STATES: Array<[string, string]> = [
  ['', 'Any state'],
  ['verified', 'Verified'],
  ['authenticated', 'Authenticated'],
  ['failed', 'Failed'],
  ['unattempted', 'Unattempted'],
  ['pending', 'Check pending'],
];

const toIso = (local: string | null) => (local ? new Date(local).toISOString() : undefined);
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function stateOf(event: EventSummary): string {
  return event.verification.pending ? 'pending' : (event.verification.state ?? 'unattempted');
}

/** Events newest first, with filters; the first page stays live (server-sent events) unless it ends at a time. */
// Events are listed, and delivered, in capture order; receipt times from several replicas may disagree with it.
const captureOf = (event: EventSummary) => (event.capture_seq === null ? '—' : String(event.capture_seq));

export async function eventsView(_params: Params, query: URLSearchParams): Promise<View> {
  const endpoints = await allEndpoints();
  const filters = {
    endpoint_id: query.get('endpoint_id') ?? undefined,
    state: query.get('state') ?? undefined,
    provider: query.get('provider') ?? undefined,
    event_type: query.get('event_type') ?? undefined,
    schema_valid: query.get('schema_valid') ?? undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
  };
  const body = h('tbody');
  const rowsById = new Map<string, HTMLTableRowElement>();
  const row = (event: EventSummary) =>
    h(
      'tr',
      { 'data-event-id': event.id },
      h('td', null, link(`#/events/${event.id}`, time(event.received_at))),
      h('td', null, captureOf(event)),
      h('td', null, nameOf(endpoints, event.endpoint_id)),
      h('td', { class: 'event-type' }, event.event_type ?? '—'),
      h('td', { class: 'hide-narrow' }, event.provider ?? '—'),
      h('td', null, badge(stateOf(event))),
      h(
        'td',
        { class: 'hide-narrow' },
        explainVerification(event.verification.state, event.verification.cause, null, event.verification.pending),
      ),
      h('td', { class: 'hide-narrow' }, event.duplicate_of ? 'duplicate' : ''),
    );
  const put = (event: EventSummary, atTop: boolean) => {
    const fresh = row(event);
    const existing = rowsById.get(event.id);
    if (existing) existing.replaceWith(fresh);
    else if (atTop) body.prepend(fresh);
    else body.append(fresh);
    rowsById.set(event.id, fresh);
  };

  const empty = h('p', { hidden: true }, 'No events match. New ones appear here as they are captured.');
  const more = await pageThrough<EventSummary>(
    '/v1/events',
    filters,
    (items) => {
      for (const event of items) put(event, false);
      empty.hidden = rowsById.size > 0;
    },
    'Load older events',
  );

  const liveStatus = h('p', { class: 'live', 'data-on': 'false', 'aria-live': 'polite' }, 'Connecting to the live feed…');
  let source: EventSource | null = null;
  if (!filters.to && !filters.schema_valid) {
    source = new EventSource(
      withQuery('/v1/events/stream', {
        endpoint_id: filters.endpoint_id,
        state: filters.state,
        provider: filters.provider,
        event_type: filters.event_type,
      }),
    );
    source.addEventListener('ready', () => {
      liveStatus.dataset.on = 'true';
      liveStatus.textContent = 'Live: new events appear as they are captured';
    });
    source.addEventListener('event', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as EventSummary;
      if (filters.from && event.received_at < new Date(filters.from).toISOString()) return;
      put(event, true);
      empty.hidden = true;
    });
    source.addEventListener('error', () => {
      liveStatus.dataset.on = 'false';
      liveStatus.textContent = 'Live feed interrupted: reconnecting…';
    });
  } else liveStatus.textContent = filters.to ? 'Not live: the list ends at a time' : 'Not live: schemas are checked as events are listed';

  const form = onSubmit(h('form', { 'aria-label': 'Filter events' }), async (values) => {
    go(
      withQuery('#/events', {
        endpoint_id: values.endpoint_id as string | undefined,
        state: values.state as string | undefined,
        provider: values.provider as string | undefined,
        event_type: values.event_type as string | undefined,
        schema_valid: values.event_type ? (values.schema_valid as string | undefined) : undefined,
        from: toIso((values.from as string | undefined) ?? null),
        to: toIso((values.to as string | undefined) ?? null),
      }),
    );
  });
  form.append(
    field(
      'Endpoint',
      select(
        'endpoint_id',
        [['', 'All endpoints'], ...endpoints.map((endpoint): [string, string] => [endpoint.id, endpoint.name])],
        filters.endpoint_id,
      ),
    ),
    field('State', select('state', STATES, filters.state)),
    field('Provider', h('input', { name: 'provider', value: filters.provider ?? '', size: 12 })),
    field('Event type', h('input', { name: 'event_type', value: filters.event_type ?? '', size: 16 })),
    field(
      'Schema',
      select(
        'schema_valid',
        [
          ['', 'Any'],
          ['false', 'Does not validate'],
          ['true', 'Validates'],
        ],
        filters.schema_valid,
      ),
    ),
    field('From', h('input', { name: 'from', type: 'datetime-local', value: toLocalInput(filters.from ?? null) })),
    field('To', h('input', { name: 'to', type: 'datetime-local', value: toLocalInput(filters.to ?? null) })),
    h('button', { type: 'submit' }, 'Apply'),
    h('a', { href: '#/events' }, 'Clear'),
  );

  return {
    title: 'Events',
    node: h(
      'div',
      null,
      h('h1', null, 'Events'),
      form,
      liveStatus,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { id: 'events-table' },
          h('caption', { class: 'visually-hidden' }, 'Captured events, newest capture first: the order deliveries follow'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, 'Received'),
              h('th', { scope: 'col', title: 'Capture number: the order deliveries follow; the list is sorted by it' }, 'Capture #'),
              h('th', { scope: 'col' }, 'Endpoint'),
              h('th', { scope: 'col' }, 'Event type'),
              h('th', { scope: 'col', class: 'hide-narrow' }, 'Provider'),
              h('th', { scope: 'col' }, 'Verification'),
              h('th', { scope: 'col', class: 'hide-narrow' }, 'Likely cause'),
              h('th', { scope: 'col', class: 'hide-narrow' }, 'Duplicate'),
            ),
          ),
          body,
        ),
      ),
      empty,
      more,
    ),
    dispose: () => source?.close(),
  };
}

function bytesOf(body: EventDetail['body']): Uint8Array {
  if (body.encoding === 'utf8') return new TextEncoder().encode(body.data);
  return Uint8Array.from(atob(body.data), (char) => char.charCodeAt(0));
}

function prettyBody(event: EventDetail): Node {
  if (event.body.encoding !== 'utf8') return h('p', null, `Binary body (${event.size} bytes): download it to see it.`);
  try {
    return h('pre', null, JSON.stringify(JSON.parse(event.body.data), null, 2));
  } catch {
    return h('pre', null, event.body.data);
  }
}

export async function eventView(params: Params): Promise<View> {
  const id = params.id!;
  const [event, deliveries, endpoints, destinations] = await Promise.all([
    get<EventDetail>(`/v1/events/${id}`),
    get<Page<Delivery>>('/v1/deliveries', { event_id: id, limit: 100 }),
    allEndpoints(),
    allDestinations(),
  ]);
  const verification = event.verification;
  const replay = onSubmit(h('form', { 'aria-label': 'Replay this event' }), async (values) => {
    const result = await post<ReplayResult>('/v1/replays', { destination_id: values.destination_id, event_ids: [id] });
    notify(`Replayed: ${result.replayed} delivery queued`);
    go(`#/events/${id}?t=${Date.now()}`);
  });
  replay.append(
    field(
      'Destination',
      select(
        'destination_id',
        destinations.map((destination): [string, string] => [destination.id, destination.name]),
      ),
    ),
    h('button', { type: 'submit', disabled: destinations.length === 0 }, 'Replay to destination'),
  );
  return {
    title: `Event ${id.slice(0, 8)}`,
    node: h(
      'div',
      null,
      h('h1', null, 'Event ', h('code', null, id)),
      h(
        'section',
        { 'aria-labelledby': 'verification-heading' },
        h('h2', { id: 'verification-heading' }, 'Verification'),
        h(
          'p',
          null,
          badge(verification.pending ? 'pending' : (verification.state ?? 'unattempted')),
          ' ',
          h(
            'span',
            { id: 'verification-cause' },
            explainVerification(verification.state, verification.cause, verification.detail, verification.pending),
          ),
        ),
        facts([
          ['Event type', event.event_type ?? '—'],
          [
            'Schema',
            event.schema_check
              ? h(
                  'span',
                  { id: 'schema-check' },
                  link(`#/event-types/${event.schema_check.event_type_id}`, event.schema_check.valid ? 'validates' : 'does not validate'),
                  event.schema_check.error ? `: ${event.schema_check.error}` : '',
                )
              : '—',
          ],
          ['Provider', event.provider ?? '—'],
          ['Cause code', verification.cause ?? '—'],
          ['Verified at', time(verification.verified_at)],
          ['Matched secret', verification.matched_secret_id ?? '—'],
        ]),
        verification.detail
          ? h('details', null, h('summary', null, 'Check detail'), h('pre', null, JSON.stringify(verification.detail, null, 2)))
          : null,
      ),
      h(
        'section',
        null,
        h('h2', null, 'Request'),
        facts([
          ['Received', time(event.received_at)],
          ['Capture #', captureOf(event)],
          ['Endpoint', link(`#/endpoints/${event.endpoint_id}`, nameOf(endpoints, event.endpoint_id))],
          ['Method', event.method],
          ['Path', h('code', null, event.path)],
          ['Query', event.query ? h('code', null, event.query) : '—'],
          ['Content type', event.content_type ?? '—'],
          ['Size', `${event.size} bytes`],
          ['Source address', event.source_address ?? '—'],
          ['Duplicate of', event.duplicate_of ? link(`#/events/${event.duplicate_of}`, event.duplicate_of) : '—'],
          ['SHA-256', h('code', null, event.body.sha256)],
        ]),
      ),
      h(
        'section',
        null,
        h('h2', null, 'Headers, in the order received'),
        table(
          ['Name', 'Value'],
          (event.headers as Array<[string, string]>).map(([name, value]) =>
            h('tr', null, h('td', null, name), h('td', { class: 'wrap' }, value)),
          ),
          'Headers',
        ),
      ),
      h(
        'section',
        null,
        h('h2', null, 'Body'),
        h(
          'p',
          null,
          actionButton(
            'Download raw body',
            async () => download(`event-${id}.bin`, bytesOf(event.body), event.content_type ?? 'application/octet-stream'),
            'quiet',
          ),
        ),
        prettyBody(event),
      ),
      h(
        'section',
        null,
        h('h2', null, 'Deliveries of this event'),
        deliveries.data.length
          ? table(
              ['Delivery', 'Destination', 'State', 'Attempts', 'Last status'],
              deliveries.data.map((delivery) =>
                h(
                  'tr',
                  null,
                  h('td', null, link(`#/deliveries/${delivery.id}`, delivery.id.slice(0, 8))),
                  h('td', null, nameOf(destinations, delivery.destination_id)),
                  h('td', null, badge(delivery.state)),
                  h('td', null, delivery.attempts),
                  h('td', null, delivery.last_status ?? '—'),
                ),
              ),
              'Deliveries',
            )
          : h('p', null, 'No deliveries: no subscription matched, or the event was not delivered yet.'),
        replay,
      ),
    ),
  };
}
