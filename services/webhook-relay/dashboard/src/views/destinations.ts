import { get, patch, post, remove, type Page } from '../api.js';
import {
  actionButton,
  badge,
  checkbox,
  confirmedButton,
  facts,
  field,
  h,
  link,
  notify,
  onSubmit,
  replaceChildren,
  select,
  showOnce,
  table,
  time,
} from '../dom.js';
import { allEndpoints, nameOf } from '../names.js';
import { go, type Params, type View } from '../router.js';
import { loadDirectory } from '../principals.js';
import { bulkRetrySection } from './bulk-retries.js';
import { deliveryStateSection, destinationIssuesSection, failureSettingsChanges, failureSettingsFields } from './destination-controls.js';
import { destinationHealthSection } from './health-sections.js';
import { filterField, parseFilter } from './subscription-filter.js';
import { transformationSection } from './transformations.js';
import type { CreatedDestination, Destination, ReplayResult, RotatedDestinationSecret, Subscription } from '../types.js';

const VERIFICATION_STATES = ['verified', 'authenticated', 'failed', 'unattempted'];

/** "Name: value" lines into a headers object. */
function parseHeaders(text: string | undefined): Record<string, string> | undefined {
  if (!text) return undefined;
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf(':');
    if (at <= 0) throw new Error(`header line "${line.trim()}" must look like "Name: value"`);
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

export async function destinationsView(): Promise<View> {
  const page = await get<Page<Destination>>('/v1/destinations', { limit: 100 });
  const create = onSubmit(h('form', { 'aria-labelledby': 'new-destination' }), async (values) => {
    const created = await post<CreatedDestination>('/v1/destinations', {
      name: values.name,
      url: values.url,
      ...(values.timeout_ms ? { timeout_ms: Number(values.timeout_ms) } : {}),
      ...(parseHeaders(values.headers as string | undefined) ? { headers: parseHeaders(values.headers as string | undefined) } : {}),
    });
    await showOnce(
      'Signing secret',
      created.secret,
      'Deliveries to this destination are signed with this Standard Webhooks secret. It is shown once: store it in the receiver now.',
    );
    go(`#/destinations/${created.id}`);
  });
  create.append(
    field('Name', h('input', { name: 'name', required: true, maxlength: 200 })),
    field('URL', h('input', { name: 'url', type: 'url', required: true, placeholder: 'https://example.com/webhooks' })),
    field('Timeout (ms)', h('input', { name: 'timeout_ms', type: 'number', min: 1000, max: 60000, placeholder: '15000' })),
    field(
      'Extra headers',
      h('textarea', { name: 'headers', rows: 2, placeholder: 'Authorization: Bearer …' }),
      'One "Name: value" per line; stored encrypted',
    ),
    h('button', { type: 'submit' }, 'Create destination'),
  );
  const rows = page.data.map((destination) =>
    h(
      'tr',
      null,
      h('td', null, link(`#/destinations/${destination.id}`, destination.name)),
      h('td', { class: 'wrap' }, destination.url),
      h(
        'td',
        null,
        !destination.enabled
          ? badge('dead_lettered', 'disabled')
          : destination.paused_at
            ? badge('pending', 'paused')
            : badge('succeeded', 'enabled'),
        destination.breaker.state === 'closed' ? null : [' ', badge('breaker-open', 'failing')],
      ),
      h('td', { class: 'hide-narrow' }, time(destination.created_at)),
    ),
  );
  return {
    title: 'Destinations',
    node: h(
      'div',
      null,
      h('h1', null, 'Destinations'),
      h('section', null, h('h2', { id: 'new-destination' }, 'New destination'), create),
      rows.length
        ? table(['Name', 'URL', 'State', ['Created', 'hide-narrow']], rows, 'Destinations')
        : h('p', null, 'No destinations yet.'),
    ),
  };
}

export async function destinationView(params: Params): Promise<View> {
  const id = params.id!;
  const [destination, subscriptions, endpoints, health, directory] = await Promise.all([
    get<Destination>(`/v1/destinations/${id}`),
    get<Page<Subscription>>('/v1/subscriptions', { destination_id: id, limit: 100 }),
    allEndpoints(),
    destinationHealthSection(id),
    loadDirectory(),
  ]);
  const subscribedEndpoints = endpoints.filter((endpoint) => subscriptions.data.some((item) => item.endpoint_id === endpoint.id));
  const [issues, bulkRetry, transformation] = await Promise.all([
    destinationIssuesSection(id, directory),
    bulkRetrySection(id, endpoints),
    transformationSection(destination, subscribedEndpoints, directory),
  ]);
  const reload = () => go(`#/destinations/${id}?t=${Date.now()}`);

  const edit = onSubmit(h('form', { 'aria-labelledby': 'edit-destination' }), async (values) => {
    await patch(`/v1/destinations/${id}`, {
      name: values.name,
      url: values.url,
      timeout_ms: Number(values.timeout_ms),
      enabled: values.enabled === true,
      ...failureSettingsChanges(destination, values),
      ...(parseHeaders(values.headers as string | undefined) ? { headers: parseHeaders(values.headers as string | undefined) } : {}),
    });
    notify('Destination saved');
    reload();
  });
  edit.append(
    field('Name', h('input', { name: 'name', required: true, value: destination.name })),
    field('URL', h('input', { name: 'url', type: 'url', required: true, value: destination.url })),
    field('Timeout (ms)', h('input', { name: 'timeout_ms', type: 'number', min: 1000, max: 60000, value: destination.timeout_ms })),
    field(
      'Replace extra headers',
      h('textarea', { name: 'headers', rows: 2 }),
      destination.header_names.length ? `Now set: ${destination.header_names.join(', ')}` : 'None set',
    ),
    ...failureSettingsFields(destination),
    checkbox('Enabled', 'enabled', destination.enabled),
    h('button', { type: 'submit' }, 'Save'),
  );

  const secrets = destination.secrets as Array<{
    id: string;
    secret_hint?: string;
    created_at: string;
    expires_at: string | null;
    label?: string | null;
  }>;
  const rotate = confirmedButton(
    'Rotate signing secret',
    [
      'Rotate the signing secret?',
      'A new secret signs deliveries from now on; the old one keeps verifying for a day so receivers can switch.',
      'Rotate',
    ],
    async () => {
      const rotated = await post<RotatedDestinationSecret>(`/v1/destinations/${id}/secrets/rotate`, {});
      await showOnce('New signing secret', rotated.secret, 'Shown once: store it in the receiver now.');
      reload();
    },
  );

  const subscribe = onSubmit(h('form', { 'aria-labelledby': 'subscriptions' }), async (values) => {
    const states = VERIFICATION_STATES.filter((state) => values[`state_${state}`] === true);
    const eventTypes = String(values.event_types ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const filter = parseFilter(String(values.filter ?? ''));
    await post<Subscription>('/v1/subscriptions', {
      endpoint_id: values.endpoint_id,
      destination_id: id,
      ...(states.length ? { states } : {}),
      ...(eventTypes.length ? { event_types: eventTypes } : {}),
      ...(filter ? { filter } : {}),
    });
    notify('Subscribed');
    reload();
  });
  const stateBoxes = h(
    'fieldset',
    null,
    h('legend', null, 'Only events whose verification is'),
    ...VERIFICATION_STATES.map((state) => checkbox(state, `state_${state}`, state === 'verified')),
  );
  subscribe.append(
    field(
      'Endpoint',
      select(
        'endpoint_id',
        endpoints.map((endpoint): [string, string] => [endpoint.id, endpoint.name]),
      ),
    ),
    stateBoxes,
    field('Event types', h('input', { name: 'event_types', placeholder: 'all' }), 'Comma separated, e.g. invoice.paid; empty: every type'),
    filterField(() => (subscribe.querySelector('select[name="endpoint_id"]') as HTMLSelectElement).value),
    h('button', { type: 'submit', disabled: endpoints.length === 0 }, 'Subscribe'),
  );

  const range = onSubmit(h('form', { 'aria-labelledby': 'replay-range' }), async (values) => {
    const result = await post<ReplayResult>('/v1/replays', {
      destination_id: id,
      from: new Date(String(values.from)).toISOString(),
      to: new Date(String(values.to)).toISOString(),
      ...(values.endpoint_id ? { endpoint_id: values.endpoint_id } : {}),
    });
    notify(`Replayed ${result.replayed} events`);
  });
  range.append(
    field('From', h('input', { name: 'from', type: 'datetime-local', required: true })),
    field('To', h('input', { name: 'to', type: 'datetime-local', required: true })),
    field(
      'Endpoint',
      select('endpoint_id', [['', 'All endpoints'], ...endpoints.map((endpoint): [string, string] => [endpoint.id, endpoint.name])]),
    ),
    h('button', { type: 'submit' }, 'Replay time range'),
  );

  const result = h('div');
  replaceChildren(
    result,
    h('h1', null, destination.name),
    destination.disabled_reason ? h('div', { class: 'alert', role: 'alert' }, `Disabled: ${destination.disabled_reason}`) : null,
    destination.paused_at && destination.enabled
      ? h(
          'div',
          { class: 'alert' },
          `Paused: deliveries wait in order until it is resumed${destination.paused_reason ? ` (${destination.paused_reason})` : ''}.`,
        )
      : null,
    h(
      'p',
      null,
      link(`#/deliveries?destination_id=${id}`, 'Deliveries to this destination'),
      ' · ',
      link(`#/dead-letters?destination_id=${id}`, 'Dead letters'),
      ' · ',
      link(`#/issues?destination_id=${id}`, 'Issues'),
    ),
    deliveryStateSection(destination, reload),
    issues,
    health,
    h('section', null, h('h2', { id: 'edit-destination' }, 'Settings'), edit),
    h(
      'section',
      null,
      h('h2', null, 'Signing secrets'),
      table(
        ['Secret', 'Created', 'Expires', 'Actions'],
        secrets.map((secret) =>
          h(
            'tr',
            null,
            h('td', null, h('code', null, secret.secret_hint ?? secret.id.slice(0, 8))),
            h('td', null, time(secret.created_at)),
            h('td', null, time(secret.expires_at)),
            h(
              'td',
              null,
              secrets.length > 1
                ? confirmedButton(
                    'Revoke',
                    ['Revoke this secret?', 'Receivers that still check with it will refuse deliveries.', 'Revoke'],
                    async () => {
                      await remove(`/v1/destinations/${id}/secrets/${secret.id}`);
                      reload();
                    },
                    'quiet',
                  )
                : '',
            ),
          ),
        ),
        'Signing secrets',
      ),
      h('p', null, rotate),
    ),
    h(
      'section',
      null,
      h('h2', { id: 'subscriptions' }, 'Subscriptions'),
      subscriptions.data.length
        ? table(
            ['Endpoint', 'States', 'Event types', 'Filter', 'Actions'],
            subscriptions.data.map((subscription) =>
              h(
                'tr',
                null,
                h('td', null, nameOf(endpoints, subscription.endpoint_id)),
                h('td', null, subscription.states.join(', ') || 'any'),
                h('td', null, subscription.event_types.join(', ') || 'any'),
                h('td', { class: 'code' }, subscription.filter ? JSON.stringify(subscription.filter) : 'none'),
                h(
                  'td',
                  null,
                  actionButton(
                    'Unsubscribe',
                    async () => {
                      await remove(`/v1/subscriptions/${subscription.id}`);
                      notify('Unsubscribed');
                      reload();
                    },
                    'quiet',
                  ),
                ),
              ),
            ),
            'Subscriptions',
          )
        : h('p', null, 'No subscriptions: nothing is delivered here until an endpoint is subscribed.'),
      subscribe,
    ),
    transformation,
    bulkRetry.node,
    h(
      'section',
      null,
      h('h2', { id: 'replay-range' }, 'Replay a time range'),
      h(
        'p',
        { class: 'hint' },
        "Events captured in the range are delivered again, in capture order. Replay to localhost is the command-line tool's alone (webhook-relay listen).",
      ),
      range,
    ),
    h(
      'section',
      null,
      h('h2', null, 'Details'),
      facts([
        ['Id', h('code', null, destination.id)],
        ['Created', time(destination.created_at)],
        ['Updated', time(destination.updated_at)],
      ]),
      h(
        'p',
        null,
        confirmedButton(
          'Delete destination',
          [`Delete ${destination.name}?`, 'Pending deliveries to it are cancelled and its subscriptions removed.', 'Delete'],
          async () => {
            await remove(`/v1/destinations/${id}`);
            notify('Destination deleted');
            go('#/destinations');
          },
          'danger',
        ),
      ),
    ),
  );
  return { title: destination.name, node: result, dispose: bulkRetry.dispose };
}
