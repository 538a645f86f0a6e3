import { get, patch, post, remove, withQuery, type Page } from '../api.js';
import { confirmedButton, facts, field, h, link, notify, onSubmit, table, time } from '../dom.js';
import { pageThrough } from '../paging.js';
import { go, type Params, type View } from '../router.js';
import type { EndpointEventTypeList, EventSummary, EventType } from '../types.js';

// Event types (docs/event-types.md): an endpoint's catalog (a section of its page), the tenant's own types with
// their JSON Schema, and which events of a type do not validate.

const invalidEventsHref = (name: string) => withQuery('#/events', { event_type: name, schema_valid: 'false' });

/** The endpoint page's "Event types": each type its events carry, how many, first and last seen. */
export async function endpointEventTypesSection(endpointId: string): Promise<HTMLElement> {
  const { data } = await get<EndpointEventTypeList>(`/v1/endpoints/${endpointId}/event-types`);
  const rows = data.map((row) =>
    h(
      'tr',
      { 'data-event-type': row.event_type },
      h('td', null, link(withQuery('#/events', { endpoint_id: endpointId, event_type: row.event_type }), row.event_type)),
      h('td', { class: 'count' }, row.count.toLocaleString()),
      h('td', { class: 'hide-narrow' }, time(row.first_seen_at)),
      h('td', null, time(row.last_seen_at)),
      h('td', null, row.schema_id ? link(`#/event-types/${row.schema_id}`, 'schema') : '—'),
    ),
  );
  return h(
    'section',
    { 'aria-labelledby': 'event-types' },
    h('h2', { id: 'event-types' }, 'Event types'),
    data.length === 0
      ? h('p', null, 'No typed events yet: types are read from where the provider puts them (a header or the body).')
      : table(['Event type', 'Count', ['First seen', 'hide-narrow'], 'Last seen', 'Schema'], rows, "This endpoint's event types"),
  );
}

function parseSchema(text: string | undefined): Record<string, unknown> {
  let schema: unknown;
  try {
    schema = JSON.parse(text ?? '');
  } catch {
    throw new Error('the schema must be JSON (a JSON Schema object)');
  }
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw new Error('the schema must be a JSON object');
  return schema as Record<string, unknown>;
}

const schemaBox = (value: string) =>
  h('textarea', { name: 'schema', rows: 12, cols: 60, required: true, spellcheck: false, class: 'code' }, value);

/** The tenant's own event types, and a form to add one. */
export async function eventTypesView(): Promise<View> {
  const create = onSubmit(h('form', { 'aria-labelledby': 'new-event-type' }), async (values) => {
    const created = await post<EventType>('/v1/event-types', {
      name: values.name,
      schema: parseSchema(values.schema as string | undefined),
      ...(values.description ? { description: values.description } : {}),
    });
    notify(`Event type ${created.name} added`);
    go(`#/event-types/${created.id}`);
  });
  create.append(
    field('Name', h('input', { name: 'name', required: true, maxlength: 200, placeholder: 'invoice.paid' })),
    field('Description', h('input', { name: 'description', maxlength: 500, placeholder: 'optional' })),
    field('JSON Schema', schemaBox('{\n  "type": "object"\n}'), 'Draft 2020-12, or draft-07 when $schema says so.'),
    h('button', { type: 'submit' }, 'Add event type'),
  );
  const rows = h('tbody');
  const more = await pageThrough<EventType>('/v1/event-types', {}, (items) => {
    for (const eventType of items)
      rows.append(
        h(
          'tr',
          { 'data-event-type-id': eventType.id },
          h('td', null, link(`#/event-types/${eventType.id}`, eventType.name)),
          h('td', { class: 'wrap hide-narrow' }, eventType.description ?? ''),
          h('td', null, time(eventType.updated_at)),
          h('td', null, link(invalidEventsHref(eventType.name), 'events that fail')),
        ),
      );
  });
  return {
    title: 'Event types',
    node: h(
      'div',
      null,
      h('h1', null, 'Event types'),
      h('p', null, 'Your own event types: events of that type are checked against the JSON Schema, and you can list those that fail.'),
      table(['Name', ['Description', 'hide-narrow'], 'Updated', 'Check'], rows, 'Your event types'),
      more,
      h('section', null, h('h2', { id: 'new-event-type' }, 'Add an event type'), create),
    ),
  };
}

/** One event type: its schema to edit, the latest events that do not validate, and delete. */
export async function eventTypeView(params: Params): Promise<View> {
  const id = params.id!;
  const eventType = await get<EventType>(`/v1/event-types/${id}`);
  const failing = await get<Page<EventSummary>>('/v1/events', { event_type: eventType.name, schema_valid: 'false', limit: 20 });
  const edit = onSubmit(h('form', { 'aria-labelledby': 'edit-schema' }), async (values) => {
    await patch<EventType>(`/v1/event-types/${id}`, {
      schema: parseSchema(values.schema as string | undefined),
      description: (values.description as string | undefined) ?? null,
    });
    notify('Schema saved');
    go(`#/event-types/${id}?t=${Date.now()}`);
  });
  edit.append(
    field('Description', h('input', { name: 'description', maxlength: 500, value: eventType.description ?? '' })),
    field('JSON Schema', schemaBox(JSON.stringify(eventType.schema, null, 2))),
    h('button', { type: 'submit' }, 'Save schema'),
  );
  const failingRows = failing.data.map((event) =>
    h('tr', { 'data-event-id': event.id }, h('td', null, link(`#/events/${event.id}`, time(event.received_at))), h('td', null, event.id)),
  );
  return {
    title: `Event type ${eventType.name}`,
    node: h(
      'div',
      null,
      h('h1', null, 'Event type ', h('code', null, eventType.name)),
      facts([
        ['Created', time(eventType.created_at)],
        ['Updated', time(eventType.updated_at)],
      ]),
      h(
        'section',
        { 'aria-labelledby': 'failing-events' },
        h('h2', { id: 'failing-events' }, 'Events that do not validate'),
        failingRows.length === 0
          ? h('p', { id: 'no-failing-events' }, 'None among the latest events of this type.')
          : table(['Received', 'Event'], failingRows, 'Events of this type that do not validate'),
        h('p', null, link(invalidEventsHref(eventType.name), 'All events that fail')),
      ),
      h('section', null, h('h2', { id: 'edit-schema' }, 'Schema'), edit),
      confirmedButton(
        'Delete event type',
        ['Delete this event type?', 'Its events keep their type and are no longer checked.', 'Delete'],
        async () => {
          await remove(`/v1/event-types/${id}`);
          notify('Event type deleted');
          go('#/event-types');
        },
      ),
    ),
  };
}
