import { createHash } from 'node:crypto';
import type { DEDUP_STRATEGIES } from '@workspace/contracts';

export type DedupStrategy = (typeof DEDUP_STRATEGIES)[number];

export interface DedupSettings {
  strategy: DedupStrategy | null;
  provider: string | null;
  fields: string[];
  windowSeconds: number | null;
}

export interface DedupInput {
  method: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
  bodySha256: Buffer;
  receivedAt: Date;
}

export const DEFAULT_CONTENT_WINDOW_SECONDS = 3600;

// Where each provider puts the id of the event it sends (the same id on every retry).
const PROVIDER_EVENT_ID: Record<string, { header?: string; jsonPath?: string[] }> = {
  github: { header: 'x-github-delivery' },
  shopify: { header: 'x-shopify-webhook-id' },
  stripe: { jsonPath: ['id'] },
  slack: { jsonPath: ['event_id'] },
  twitch: { header: 'twitch-eventsub-message-id' },
  'standard-webhooks': { header: 'webhook-id' },
  zoom: { jsonPath: ['payload', 'object', 'uuid'] },
  paddle: { jsonPath: ['event_id'] },
  linear: { header: 'linear-delivery' },
};

/**
 * The key under which the endpoint's unique index collapses repeats, or null when this request
 * carries nothing to deduplicate by (it is then always kept as new).
 */
export function dedupKey(settings: DedupSettings, input: DedupInput): string | null {
  switch (settings.strategy) {
    case null:
      return null;
    case 'sw_webhook_id': {
      const id = header(input.headers, 'webhook-id') ?? header(input.headers, 'svix-id');
      return id ? `sw:${id}` : null;
    }
    case 'provider_event_id': {
      const source = PROVIDER_EVENT_ID[settings.provider ?? ''] ?? { jsonPath: ['id'] };
      const id = source.header ? header(input.headers, source.header) : jsonValue(input.body, source.jsonPath!);
      return id ? `provider:${settings.provider ?? 'any'}:${id}` : null;
    }
    case 'content_hash': {
      // Repeats within the same window collapse; the window is a fixed grid, so two copies straddling
      // a boundary are both kept (never lost).
      const windowMs = (settings.windowSeconds ?? DEFAULT_CONTENT_WINDOW_SECONDS) * 1000;
      return `content:${input.method}:${input.bodySha256.toString('hex')}:${Math.floor(input.receivedAt.getTime() / windowMs)}`;
    }
    case 'fields': {
      const values = settings.fields.map((path) => jsonValue(input.body, path.split('.')));
      if (values.length === 0 || values.some((value) => value === null)) return null;
      const digest = createHash('sha256')
        .update(JSON.stringify(settings.fields.map((path, i) => [path, values[i]])))
        .digest('hex');
      return `fields:${digest}`;
    }
  }
}

function header(headers: DedupInput['headers'], name: string): string | null {
  const found = headers.find(([key]) => key.toLowerCase() === name);
  return found && found[1] !== '' ? found[1] : null;
}

function jsonValue(body: Buffer, path: string[]): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  for (const key of path) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined || value === null ? null : JSON.stringify(value);
}
