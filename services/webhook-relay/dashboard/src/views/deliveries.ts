import { pageThrough } from '../paging.js';
import { get, post } from '../api.js';
import { actionButton, badge, facts, field, h, link, notify, onSubmit, select, table, time } from '../dom.js';
import { allDestinations, nameOf } from '../names.js';
import { go, type Params, type View } from '../router.js';
import type { Delivery, DeliveryDetail, ReplayResult } from '../types.js';

const STATES: Array<[string, string]> = [
  ['', 'Any state'],
  ['pending', 'Pending'],
  ['succeeded', 'Succeeded'],
  ['dead_lettered', 'Dead-lettered'],
  ['cancelled', 'Cancelled'],
  ['filtered', 'Filtered out'],
];

/** Deliveries with state and destination filters; dead letters are the same list fixed to dead_lettered. */
export async function deliveriesView(_params: Params, query: URLSearchParams, deadLetters = false): Promise<View> {
  const destinations = await allDestinations();
  const state = deadLetters ? 'dead_lettered' : (query.get('state') ?? '');
  const destinationId = query.get('destination_id') ?? '';
  const selected = new Set<string>();
  const body = h('tbody');
  const more = await pageThrough<Delivery>('/v1/deliveries', { state, destination_id: destinationId }, (items) => {
    for (const delivery of items) {
      const box = h('input', { type: 'checkbox', 'aria-label': `Select delivery ${delivery.id.slice(0, 8)}` });
      box.addEventListener('change', () => (box.checked ? selected.add(delivery.id) : selected.delete(delivery.id)));
      body.append(
        h(
          'tr',
          { 'data-delivery-id': delivery.id },
          h('td', null, box),
          h('td', null, link(`#/deliveries/${delivery.id}`, time(delivery.created_at))),
          h('td', null, nameOf(destinations, delivery.destination_id)),
          h('td', null, badge(delivery.state)),
          h('td', null, delivery.attempts),
          h('td', { class: 'hide-narrow' }, delivery.last_status ?? '—'),
          h('td', { class: 'hide-narrow wrap' }, delivery.last_error ?? ''),
        ),
      );
    }
  });

  const base = deadLetters ? '#/dead-letters' : '#/deliveries';
  const filters = onSubmit(h('form', { 'aria-label': 'Filter deliveries' }), async (values) => {
    const params = new URLSearchParams();
    if (!deadLetters && values.state) params.set('state', String(values.state));
    if (values.destination_id) params.set('destination_id', String(values.destination_id));
    go(`${base}${params.size ? `?${params}` : ''}`);
  });
  filters.append(
    deadLetters ? '' : field('State', select('state', STATES, state)),
    field(
      'Destination',
      select(
        'destination_id',
        [['', 'All destinations'], ...destinations.map((destination): [string, string] => [destination.id, destination.name])],
        destinationId,
      ),
    ),
    h('button', { type: 'submit' }, 'Apply'),
  );

  const replay = onSubmit(h('form', { 'aria-label': 'Replay the selected deliveries' }), async (values) => {
    if (selected.size === 0) throw new Error('select the dead-lettered deliveries to replay first');
    const result = await post<ReplayResult>('/v1/replays', { destination_id: values.destination_id, delivery_ids: [...selected] });
    notify(`Replayed ${result.replayed}`);
    go(`${base}?t=${Date.now()}`);
  });
  replay.append(
    field(
      'Replay the selected to',
      select(
        'destination_id',
        destinations.map((destination): [string, string] => [destination.id, destination.name]),
        destinationId,
      ),
    ),
    h('button', { type: 'submit', disabled: destinations.length === 0 }, 'Replay selected'),
  );

  return {
    title: deadLetters ? 'Dead letters' : 'Deliveries',
    node: h(
      'div',
      null,
      h('h1', null, deadLetters ? 'Dead letters' : 'Deliveries'),
      deadLetters
        ? h(
            'p',
            { class: 'hint' },
            'Deliveries whose retries are spent. Replay sends them again, in capture order, to the destination you choose. To send many of one destination again (by time range, endpoint, type or status, with a preview first), use Retry dead letters on its page',
            destinationId ? [': ', link(`#/destinations/${destinationId}`, nameOf(destinations, destinationId))] : null,
            '.',
          )
        : null,
      filters,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          null,
          h('caption', { class: 'visually-hidden' }, deadLetters ? 'Dead letters' : 'Deliveries'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Select')),
              h('th', { scope: 'col' }, 'Created'),
              h('th', { scope: 'col' }, 'Destination'),
              h('th', { scope: 'col' }, 'State'),
              h('th', { scope: 'col' }, 'Attempts'),
              h('th', { scope: 'col', class: 'hide-narrow' }, 'Last status'),
              h('th', { scope: 'col', class: 'hide-narrow' }, 'Last error'),
            ),
          ),
          body,
        ),
      ),
      more,
      h('section', null, h('h2', null, 'Replay'), replay),
    ),
  };
}

export async function deliveryView(params: Params): Promise<View> {
  const id = params.id!;
  const [delivery, destinations] = await Promise.all([get<DeliveryDetail>(`/v1/deliveries/${id}`), allDestinations()]);
  const replay = actionButton('Replay this delivery', async () => {
    const selector = delivery.state === 'dead_lettered' ? { delivery_ids: [id] } : { event_ids: [delivery.event_id] };
    const result = await post<ReplayResult>('/v1/replays', { destination_id: delivery.destination_id, ...selector });
    notify(`Replayed: ${result.replayed} queued`);
    go(`#/deliveries/${result.delivery_ids[0] ?? id}`);
  });
  return {
    title: `Delivery ${id.slice(0, 8)}`,
    node: h(
      'div',
      null,
      h('h1', null, 'Delivery ', h('code', null, id)),
      h(
        'section',
        null,
        facts([
          ['State', badge(delivery.state)],
          ['Destination', link(`#/destinations/${delivery.destination_id}`, nameOf(destinations, delivery.destination_id))],
          ['Event', link(`#/events/${delivery.event_id}`, delivery.event_id)],
          ['Attempts', delivery.attempts],
          ['Next attempt', time(delivery.next_attempt_at)],
          ['Completed', time(delivery.completed_at)],
          ['Dead-lettered', time(delivery.dead_lettered_at)],
          ['Replay of', delivery.replay_of ?? '—'],
        ]),
        h('p', null, replay),
      ),
      h(
        'section',
        null,
        h('h2', null, 'Attempts'),
        delivery.attempt_log.length
          ? table(
              ['Started', 'Status', 'Duration', 'Error', 'Response'],
              delivery.attempt_log.map((attempt) =>
                h(
                  'tr',
                  null,
                  h('td', null, time(attempt.started_at)),
                  h('td', null, attempt.status_code ?? '—'),
                  h('td', null, `${attempt.duration_ms} ms`),
                  h('td', { class: 'wrap' }, attempt.error ?? ''),
                  h('td', { class: 'wrap' }, attempt.response_excerpt ? h('pre', null, attempt.response_excerpt) : ''),
                ),
              ),
              'Attempts',
            )
          : h('p', null, 'No attempt yet.'),
      ),
    ),
  };
}
