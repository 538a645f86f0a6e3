import { pageThrough } from '../paging.js';
import { endpointEventTypesSection } from './event-types.js';
import { get, patch, post, remove, type Page } from '../api.js';
import {
  actionButton,
  badge,
  confirmedButton,
  copyText,
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
import { go, type Params, type View } from '../router.js';
import { endpointVolumeSection } from './health-sections.js';
import type { Endpoint, EndpointWithIngestUrl, IngestUrl, ProviderSecret, RotatedProviderSecrets } from '../types.js';

const DEDUP: Array<[string, string]> = [
  ['', 'No deduplication'],
  ['sw_webhook_id', 'Standard Webhooks webhook-id header'],
  ['provider_event_id', "The provider's event id"],
  ['content_hash', 'Identical bodies'],
  ['fields', 'JSON fields of the body'],
];

function providerInput(value: string | null): HTMLInputElement {
  return h('input', { name: 'provider', value: value ?? '', list: 'provider-list', placeholder: 'none', autocomplete: 'off' });
}

const PROVIDERS = [
  'stripe',
  'github',
  'shopify',
  'slack',
  'standard-webhooks',
  'svix',
  'twilio',
  'paddle',
  'square',
  'zoom',
  'meta',
  'linear',
  'clerk',
  'resend',
];
const providerList = () => h('datalist', { id: 'provider-list' }, ...PROVIDERS.map((id) => h('option', { value: id })));

export async function endpointsView(): Promise<View> {
  const list = h('div');
  const rows: Node[] = [];
  const more = await pageThrough<Endpoint>('/v1/endpoints', {}, (items) => {
    for (const endpoint of items)
      rows.push(
        h(
          'tr',
          null,
          h('td', null, link(`#/endpoints/${endpoint.id}`, endpoint.name)),
          h('td', null, endpoint.provider ?? '—'),
          h('td', { class: 'wrap hide-narrow' }, endpoint.ingest_url_hint ?? '—'),
          h('td', { class: 'hide-narrow' }, time(endpoint.created_at)),
        ),
      );
    replaceChildren(
      list,
      rows.length
        ? table(['Name', 'Provider', ['Ingest URL', 'hide-narrow'], ['Created', 'hide-narrow']], rows, 'Endpoints')
        : h('p', null, 'No endpoints yet: create one to get an ingest URL.'),
    );
  });

  const create = onSubmit(h('form', { 'aria-labelledby': 'create-endpoint' }), async (values) => {
    const created = await post<EndpointWithIngestUrl>('/v1/endpoints', { name: values.name, provider: values.provider ?? null });
    await showOnce(
      'Ingest URL',
      created.ingest_url,
      "Give this URL to the provider. It is a credential: you can reveal it again on the endpoint's page, or rotate it.",
    );
    go(`#/endpoints/${created.id}`);
  });
  create.append(
    field('Name', h('input', { name: 'name', required: true, maxlength: 200 })),
    field('Provider', providerInput(null), 'Verifies signatures (e.g. stripe); empty: capture without checking'),
    providerList(),
    h('button', { type: 'submit' }, 'Create endpoint'),
  );
  return {
    title: 'Endpoints',
    node: h(
      'div',
      null,
      h('h1', null, 'Endpoints'),
      h('section', null, h('h2', { id: 'create-endpoint' }, 'New endpoint'), create),
      list,
      more,
    ),
  };
}

export async function endpointView(params: Params): Promise<View> {
  const id = params.id!;
  const endpoint = await get<Endpoint>(`/v1/endpoints/${id}`);
  const [secrets, volume, eventTypes] = await Promise.all([
    get<Page<ProviderSecret>>(`/v1/endpoints/${id}/secrets`),
    endpointVolumeSection(id),
    endpointEventTypesSection(id),
  ]);
  const reload = () => go(`#/endpoints/${id}?t=${Date.now()}`);

  const rename = onSubmit(h('form', { 'aria-labelledby': 'rename' }), async (values) => {
    await patch(`/v1/endpoints/${id}`, { name: values.name });
    notify('Renamed');
    reload();
  });
  rename.append(
    field('Name', h('input', { name: 'name', required: true, maxlength: 200, value: endpoint.name })),
    h('button', { type: 'submit' }, 'Rename'),
  );

  const dedup = endpoint.dedup as { strategy?: string; fields?: string[]; window_seconds?: number } | null;
  const settings = onSubmit(h('form', { 'aria-labelledby': 'verification' }), async (values) => {
    const strategy = values.strategy as string | undefined;
    const body = {
      provider: (values.provider as string | undefined) ?? null,
      dedup: strategy
        ? {
            strategy,
            ...(strategy === 'fields'
              ? {
                  fields: String(values.fields ?? '')
                    .split(',')
                    .map((item) => item.trim())
                    .filter(Boolean),
                }
              : {}),
            ...(values.window_seconds ? { window_seconds: Number(values.window_seconds) } : {}),
          }
        : null,
    };
    await patch(`/v1/endpoints/${id}`, body);
    notify('Settings saved');
    reload();
  });
  const strategy = select('strategy', DEDUP, dedup?.strategy ?? '');
  const fieldsField = field(
    'Fields',
    h('input', { name: 'fields', value: dedup?.fields?.join(', ') ?? '', placeholder: 'data.id' }),
    'Dotted paths in the JSON body, comma separated',
  );
  const windowField = field(
    'Window (seconds)',
    h('input', { name: 'window_seconds', type: 'number', min: 1, max: 604800, value: dedup?.window_seconds ?? '' }),
  );
  // Only the inputs the chosen strategy reads: fields for "JSON fields", a window for any strategy.
  const showDedupInputs = () => {
    fieldsField.hidden = strategy.value !== 'fields';
    windowField.hidden = strategy.value === '';
  };
  strategy.addEventListener('change', showDedupInputs);
  showDedupInputs();
  settings.append(
    field('Provider', providerInput(endpoint.provider)),
    providerList(),
    field('Deduplication', strategy),
    fieldsField,
    windowField,
    h('button', { type: 'submit' }, 'Save settings'),
  );

  const urlBox = h('div', { class: 'row' }, h('code', null, endpoint.ingest_url_hint ?? '—'));
  const showUrl = (url: string) =>
    replaceChildren(
      urlBox,
      h('input', { class: 'secret', readonly: true, value: url, 'aria-label': 'Ingest URL' }),
      actionButton('Copy', () => copyText(url), 'quiet'),
    );
  const ingest = h(
    'div',
    null,
    urlBox,
    h(
      'div',
      { class: 'row' },
      actionButton('Reveal ingest URL', async () => showUrl((await get<IngestUrl>(`/v1/endpoints/${id}/ingest-url`)).ingest_url), 'quiet'),
      confirmedButton(
        'Rotate ingest URL',
        ['Rotate the ingest URL?', 'The current URL stops working at once: the provider must be given the new one.', 'Rotate'],
        async () => {
          const rotated = await post<IngestUrl>(`/v1/endpoints/${id}/ingest-url/rotate`);
          showUrl(rotated.ingest_url);
          notify('Ingest URL rotated');
        },
        'danger',
      ),
    ),
  );

  const secretRows = secrets.data.map((secret) =>
    h(
      'tr',
      null,
      h('td', null, secret.label ?? '—'),
      h('td', null, h('code', null, secret.secret_hint)),
      h('td', null, secret.active ? badge('verified', 'active') : badge('cancelled', 'expired')),
      h('td', { class: 'hide-narrow' }, time(secret.expires_at)),
      h(
        'td',
        null,
        confirmedButton(
          'Remove',
          ['Remove this secret?', `Signatures made with …${secret.secret_hint} will no longer verify.`, 'Remove'],
          async () => {
            await remove(`/v1/endpoints/${id}/secrets/${secret.id}`);
            notify('Secret removed');
            reload();
          },
          'quiet',
        ),
      ),
    ),
  );
  const addSecret = onSubmit(h('form', { 'aria-labelledby': 'secrets' }), async (values) => {
    await post<ProviderSecret>(`/v1/endpoints/${id}/secrets`, { secret: values.secret, ...(values.label ? { label: values.label } : {}) });
    notify('Secret added');
    reload();
  });
  addSecret.append(
    field(
      'Signing secret',
      h('input', { name: 'secret', type: 'password', required: true, autocomplete: 'off' }),
      'As the provider shows it; only its last characters are ever shown again',
    ),
    field('Label', h('input', { name: 'label', maxlength: 200 })),
    h('button', { type: 'submit' }, 'Add secret'),
  );
  const rotateSecret = onSubmit(h('form', { 'aria-label': 'Rotate the signing secret' }), async (values) => {
    await post<RotatedProviderSecrets>(`/v1/endpoints/${id}/secrets/rotate`, {
      secret: values.secret,
      ...(values.previous_expire_in_seconds ? { previous_expire_in_seconds: Number(values.previous_expire_in_seconds) } : {}),
    });
    notify('Secret rotated');
    reload();
  });
  rotateSecret.append(
    field('New signing secret', h('input', { name: 'secret', type: 'password', required: true, autocomplete: 'off' })),
    field(
      'Keep the old ones for (seconds)',
      h('input', { name: 'previous_expire_in_seconds', type: 'number', min: 0, placeholder: '86400' }),
    ),
    h('button', { type: 'submit', class: 'quiet' }, 'Rotate secret'),
  );

  const danger = confirmedButton(
    'Delete endpoint',
    [`Delete ${endpoint.name}?`, 'Its ingest URL stops working at once. Captured events stay until retention removes them.', 'Delete'],
    async () => {
      await remove(`/v1/endpoints/${id}`);
      notify('Endpoint deleted');
      go('#/endpoints');
    },
    'danger',
  );
  const purge = confirmedButton(
    'Delete endpoint and its events',
    [
      `Delete ${endpoint.name} and its events?`,
      'Its ingest URL stops working, and its captured events go now, with their deliveries and dead letters. This cannot be undone.',
      'Delete all',
    ],
    async () => {
      await remove(`/v1/endpoints/${id}?purge_events=true`);
      notify('Endpoint and its events deleted');
      go('#/endpoints');
    },
    'danger',
  );

  return {
    title: endpoint.name,
    node: h(
      'div',
      null,
      h('h1', null, endpoint.name),
      h('p', null, link(`#/events?endpoint_id=${id}`, 'Events of this endpoint')),
      volume,
      eventTypes,
      h('section', null, h('h2', null, 'Ingest URL'), ingest),
      h('section', null, h('h2', { id: 'rename' }, 'Name'), rename),
      h('section', null, h('h2', { id: 'verification' }, 'Verification and deduplication'), settings),
      h(
        'section',
        null,
        h('h2', { id: 'secrets' }, 'Signing secrets'),
        secretRows.length
          ? table(['Label', 'Secret', 'State', ['Expires', 'hide-narrow'], 'Actions'], secretRows, 'Signing secrets')
          : h('p', null, 'No secrets.'),
        addSecret,
        rotateSecret,
      ),
      h(
        'section',
        null,
        h('h2', null, 'Details'),
        facts([
          ['Id', h('code', null, endpoint.id)],
          ['Created', time(endpoint.created_at)],
          ['Updated', time(endpoint.updated_at)],
        ]),
        h('p', { class: 'row' }, danger, purge),
      ),
    ),
  };
}
