import { get, type Page, post } from '../api.js';
import { actionButton, badge, type Child, field, h, notify, onSubmit, replaceChildren, select, table, time } from '../dom.js';
import type { BulkRetry, BulkRetryPreview, BulkRetrySelection, Endpoint } from '../types.js';

// Bulk retry of a destination's dead letters (POST /v1/bulk-retries/preview, then POST /v1/bulk-retries): the form
// first shows what the selection holds, and starts only on the person's confirmation. The list shows each job's
// progress and is read again every second while one is queued or running.

const REFRESH_MS = 1000;
const UNDERWAY = new Set(['queued', 'running']);

function selectionOf(destinationId: string, values: Record<string, string | boolean | undefined>): BulkRetrySelection {
  const filter: NonNullable<BulkRetrySelection['filter']> = {};
  if (values.endpoint_id) filter.endpoint_id = String(values.endpoint_id);
  if (values.event_type) filter.event_type = String(values.event_type).trim();
  if (values.last_status) {
    const status = String(values.last_status).trim().toLowerCase();
    filter.last_status = /^\d+$/.test(status) ? Number(status) : status;
  }
  return {
    destination_id: destinationId,
    ...(values.from ? { from: new Date(String(values.from)).toISOString() } : {}),
    ...(values.to ? { to: new Date(String(values.to)).toISOString() } : {}),
    ...(Object.keys(filter).length ? { filter } : {}),
  };
}

function describeSelection(selection: BulkRetrySelection, endpoints: Endpoint[]): string {
  const parts: string[] = [];
  if (selection.from || selection.to)
    parts.push(
      `dead-lettered ${selection.from ? `from ${new Date(selection.from).toLocaleString()}` : ''}${selection.from && selection.to ? ' ' : ''}${selection.to ? `until ${new Date(selection.to).toLocaleString()}` : ''}`,
    );
  const filter = selection.filter;
  if (filter?.endpoint_id) parts.push(`from ${endpoints.find((item) => item.id === filter.endpoint_id)?.name ?? 'an endpoint'}`);
  if (filter?.event_type) parts.push(`type ${filter.event_type}`);
  if (filter?.last_status !== undefined) parts.push(`last answered ${filter.last_status}`);
  return parts.length ? parts.join(', ') : 'every dead letter';
}

function progress(job: BulkRetry): Child {
  if (job.total === null) return h('span', null, h('progress', { 'aria-label': 'Progress' }), ' waiting to start');
  const percent = job.total === 0 ? 100 : Math.round((job.retried / job.total) * 100);
  return h(
    'span',
    { class: 'progress' },
    h('progress', { max: Math.max(job.total, 1), value: job.total === 0 ? 1 : job.retried, 'aria-label': `Progress: ${percent} %` }),
    ` ${job.retried.toLocaleString()} of ${job.total.toLocaleString()}`,
  );
}

/** The Retry dead letters form and the destination's bulk retries; `dispose` stops the refresh. */
export async function bulkRetrySection(destinationId: string, endpoints: Endpoint[]): Promise<{ node: HTMLElement; dispose: () => void }> {
  const body = h('tbody');
  const rows = new Map<string, HTMLTableRowElement>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const jobs = new Map<string, BulkRetry>();

  const row = (job: BulkRetry): HTMLTableRowElement => {
    const cancel = actionButton(
      'Cancel',
      async () => {
        show(await post<BulkRetry>(`/v1/bulk-retries/${job.id}/cancel`));
        notify('Bulk retry cancelled');
      },
      'quiet',
    );
    return h(
      'tr',
      { 'data-bulk-retry-id': job.id },
      h('td', { class: 'hide-narrow' }, time(job.created_at)),
      h('td', { class: 'wrap' }, describeSelection(job.selection, endpoints)),
      h(
        'td',
        null,
        badge(job.state, job.state === 'succeeded' ? 'done' : job.state),
        job.error ? h('p', { class: 'hint' }, job.error) : null,
      ),
      h('td', null, progress(job)),
      h('td', null, UNDERWAY.has(job.state) ? cancel : ''),
    );
  };
  const show = (job: BulkRetry, first = false) => {
    jobs.set(job.id, job);
    const fresh = row(job);
    const old = rows.get(job.id);
    if (old) old.replaceWith(fresh);
    else if (first) body.prepend(fresh);
    else body.append(fresh);
    rows.set(job.id, fresh);
    empty.hidden = rows.size > 0;
    watch();
  };
  const refresh = async () => {
    if (!node.isConnected) return stop();
    const underway = [...jobs.values()].filter((job) => UNDERWAY.has(job.state));
    if (!underway.length) return stop();
    for (const job of underway) show(await get<BulkRetry>(`/v1/bulk-retries/${job.id}`).catch(() => job));
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const watch = () => {
    if (!timer && [...jobs.values()].some((job) => UNDERWAY.has(job.state))) timer = setInterval(() => void refresh(), REFRESH_MS);
  };

  const preview = h('div', { class: 'preview', 'aria-live': 'polite' });
  let previewed: BulkRetrySelection | null = null;
  const form = onSubmit(h('form', { 'aria-labelledby': 'bulk-retry' }), async (values) => {
    const selection = selectionOf(destinationId, values);
    const counts = await post<BulkRetryPreview>('/v1/bulk-retries/preview', selection);
    previewed = selection;
    const start = actionButton(`Retry ${counts.deliveries.toLocaleString()} dead letters`, async () => {
      if (!previewed) throw new Error('preview the selection again first');
      const job = await post<BulkRetry>('/v1/bulk-retries', previewed);
      previewed = null;
      replaceChildren(preview);
      notify('Bulk retry started');
      show(job, true);
    });
    replaceChildren(
      preview,
      h(
        'p',
        { id: 'bulk-retry-preview' },
        counts.deliveries === 0
          ? 'Nothing to retry: no dead letters match.'
          : `${counts.deliveries.toLocaleString()} deliveries of ${counts.events.toLocaleString()} events, dead-lettered from ${new Date(counts.oldest!).toLocaleString()} to ${new Date(counts.newest!).toLocaleString()}.`,
      ),
      counts.deliveries === 0 ? null : h('div', { class: 'row' }, start),
    );
  });
  // A changed selection needs a new preview before it can start.
  form.addEventListener('input', () => {
    previewed = null;
    replaceChildren(preview);
  });
  form.append(
    field('From', h('input', { name: 'from', type: 'datetime-local' }), 'Empty: the oldest'),
    field('To', h('input', { name: 'to', type: 'datetime-local' }), 'Empty: now'),
    field(
      'Endpoint',
      select('endpoint_id', [['', 'All endpoints'], ...endpoints.map((endpoint): [string, string] => [endpoint.id, endpoint.name])]),
    ),
    field('Event type', h('input', { name: 'event_type', maxlength: 200, placeholder: 'any' })),
    field('Last status', h('input', { name: 'last_status', placeholder: 'any, e.g. 503 or 5xx', size: 12 })),
    h('button', { type: 'submit' }, 'Preview'),
  );

  const empty = h('p', null, 'No bulk retries of this destination yet.');
  const node = h(
    'section',
    { 'aria-labelledby': 'bulk-retry' },
    h('h2', { id: 'bulk-retry' }, 'Retry dead letters'),
    h(
      'p',
      { class: 'hint' },
      'The selected dead letters are sent again to this destination, in their order, as new deliveries. Preview first: it says what the selection holds now.',
    ),
    form,
    preview,
    h('h3', null, 'Bulk retries'),
    table([['Started', 'hide-narrow'], 'Selection', 'State', 'Progress', ''], body, 'Bulk retries'),
    empty,
  );
  const page = await get<Page<BulkRetry>>('/v1/bulk-retries', { limit: 100, destination_id: destinationId });
  for (const job of page.data) show(job);
  empty.hidden = rows.size > 0;
  return { node, dispose: stop };
}
