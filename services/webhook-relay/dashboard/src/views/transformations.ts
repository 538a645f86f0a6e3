import { get, type Page, post } from '../api.js';
import { actionButton, badge, confirmedButton, field, h, notify, replaceChildren, select, table, time } from '../dom.js';
import { type Directory, describeActor } from '../principals.js';
import type { Destination, Endpoint, EventSummary, Transformation, TransformationList, TransformationTestResult } from '../types.js';
import { testResultNode } from './transformation-result.js';

// A destination's transformation (docs/transformations.md): its versions with the active one marked, a code editor,
// a test on a captured event (nothing is sent or saved), "Save as new version", Activate and Detach.

const TEMPLATE = `// Runs before each send. Return the request to send, or null to drop the delivery.
(request) => {
  return {
    ...request,
    headers: { ...request.headers },
    body: request.body,
  };
}
`;

/** How many of each subscribed endpoint's latest events, and of all of them, the test offers. */
const EVENTS_PER_ENDPOINT = 5;
const EVENTS_OFFERED = 10;
const ENDPOINTS_ASKED = 5;

/** The latest events of the endpoints subscribed to the destination, newest first: what a test is usually run on. */
async function latestEvents(endpoints: Endpoint[]): Promise<EventSummary[]> {
  const pages = await Promise.all(
    endpoints
      .slice(0, ENDPOINTS_ASKED)
      .map((endpoint) => get<Page<EventSummary>>('/v1/events', { endpoint_id: endpoint.id, limit: EVENTS_PER_ENDPOINT })),
  );
  return pages
    .flatMap((page) => page.data)
    .sort((a, b) => b.received_at.localeCompare(a.received_at))
    .slice(0, EVENTS_OFFERED);
}

function eventLabel(event: EventSummary, endpoints: Endpoint[]): string {
  const endpoint = endpoints.find((item) => item.id === event.endpoint_id)?.name ?? 'an endpoint';
  const when = new Date(event.received_at).toLocaleString();
  return `${event.event_type ?? event.method} · ${endpoint} · ${when} · ${event.id.slice(0, 8)}`;
}

/** The event picker: the latest events of the subscribed endpoints, and a box for any other event's id. */
function eventPicker(events: EventSummary[], endpoints: Endpoint[]): { node: HTMLElement; eventId: () => string } {
  const other = h('input', { name: 'event_id', spellcheck: false, autocomplete: 'off', placeholder: '0190…' });
  if (events.length === 0)
    return {
      node: field('Event id', other, 'A captured event to run the code on (none of the subscribed endpoints has events yet)'),
      eventId: () => other.value.trim(),
    };
  const latest = select(
    'event',
    events.map((event): [string, string] => [event.id, eventLabel(event, endpoints)]),
  );
  return {
    node: h(
      'div',
      { class: 'event-picker' },
      field('Test on event', latest, 'The latest events of the endpoints subscribed to this destination'),
      field('Or another event id', other, 'Any captured event of yours; used when filled in'),
    ),
    eventId: () => other.value.trim() || latest.value,
  };
}

/** The Transformation section of a destination's page. */
export async function transformationSection(
  destination: Destination,
  subscribedEndpoints: Endpoint[],
  directory: Directory,
): Promise<HTMLElement> {
  const base = `/v1/destinations/${destination.id}/transformations`;
  const [initial, events] = await Promise.all([get<TransformationList>(base), latestEvents(subscribedEndpoints)]);
  let list = initial;
  const activeCode = list.data.find((version) => version.active)?.code;

  const editor = h('textarea', {
    name: 'code',
    rows: 14,
    spellcheck: false,
    // Code keeps its lines: long ones scroll inside the box rather than wrap mid-expression.
    wrap: 'off',
    autocapitalize: 'off',
    autocomplete: 'off',
    class: 'code',
  });
  editor.value = activeCode ?? TEMPLATE;
  const picker = eventPicker(events, subscribedEndpoints);
  const result = h('div', { class: 'test-result', 'aria-live': 'polite' });
  const state = h('div', { class: 'transformation-state' });
  const versions = h('div');

  const refresh = async () => {
    list = await get<TransformationList>(base);
    render();
  };
  const activate = async (version: number | null) => {
    await post<Destination>(`${base}/activate`, { version });
    notify(version === null ? 'Transformation detached: deliveries go as captured' : `v${version} is active`);
    await refresh();
  };

  const versionRow = (version: Transformation) =>
    h(
      'tr',
      { 'data-version': version.version },
      h('td', null, `v${version.version}`),
      h('td', null, version.active ? badge('succeeded', 'active') : ''),
      h('td', { class: 'hide-narrow' }, time(version.created_at)),
      h('td', { class: 'hide-narrow' }, version.created_by ? describeActor(directory, version.created_by) : '—'),
      h(
        'td',
        { class: 'actions' },
        actionButton(
          `Open v${version.version}`,
          async () => {
            editor.value = version.code;
            editor.focus();
          },
          'quiet',
        ),
        version.active ? null : actionButton(`Activate v${version.version}`, () => activate(version.version), 'quiet'),
      ),
    );

  const render = () => {
    replaceChildren(
      state,
      list.active_version === null
        ? h('p', null, 'No transformation: deliveries go as captured.')
        : h(
            'p',
            null,
            `Deliveries run v${list.active_version}. `,
            confirmedButton(
              'Detach',
              [
                'Detach the transformation?',
                'Deliveries go as captured from their next attempt. The versions stay, to activate again.',
                'Detach',
              ],
              () => activate(null),
              'quiet',
            ),
          ),
    );
    replaceChildren(
      versions,
      list.data.length
        ? table(['Version', 'State', ['Created', 'hide-narrow'], ['By', 'hide-narrow'], 'Actions'], list.data.map(versionRow), 'Versions')
        : h('p', null, 'No versions yet: write one below, test it, save it, then activate it.'),
    );
  };
  render();

  const test = actionButton('Test', async () => {
    const eventId = picker.eventId();
    if (!eventId) throw new Error('Choose an event to test on, or enter an event id');
    const answer = await post<TransformationTestResult>(`${base}/test`, { event_id: eventId, code: editor.value });
    replaceChildren(result, testResultNode(answer));
  });
  const save = actionButton(
    'Save as new version',
    async () => {
      const created = await post<Transformation>(base, { code: editor.value });
      notify(`Saved as v${created.version}: test it, then activate it`);
      await refresh();
    },
    'quiet',
  );

  return h(
    'section',
    { 'aria-labelledby': 'transformation', class: 'transformation' },
    h('h2', { id: 'transformation' }, 'Transformation'),
    h(
      'p',
      { class: 'hint' },
      'JavaScript run before each send, in a sandbox (50 ms CPU, 32 MiB memory, no network): it receives {method, path, headers, body} and returns the request to send, or null to drop the delivery. One that fails dead-letters that delivery and opens an issue.',
    ),
    state,
    versions,
    h('h3', null, 'Editor'),
    field('Code', editor, 'A function expression such as (request) => request; the body is parsed when the event is JSON'),
    picker.node,
    h('div', { class: 'row' }, test, save),
    result,
  );
}
