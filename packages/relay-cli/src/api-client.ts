import type {
  AuditVerification,
  Endpoint,
  EndpointWithIngestUrl,
  EventDetail,
  EventSummary,
  IngestUrl,
  RelayPage,
  ReplayResult,
} from '@workspace/contracts';
import { ApiError, CliError } from './errors.js';

type Query = Record<string, string | number | undefined>;

/** The REST API (`{api_url}/v1`), bearer-authenticated. The only way the CLI reaches the relay. */
export class RelayClient {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly fetchImpl: typeof fetch,
    private readonly signal?: AbortSignal,
  ) {}

  createEndpoint(name: string, provider?: string): Promise<EndpointWithIngestUrl> {
    return this.request('POST', '/v1/endpoints', { body: { name, ...(provider ? { provider } : {}) } });
  }

  listEndpoints(query: Query = {}): Promise<RelayPage<Endpoint>> {
    return this.request('GET', '/v1/endpoints', { query });
  }

  getEndpoint(endpointId: string): Promise<Endpoint> {
    return this.request('GET', `/v1/endpoints/${encodeURIComponent(endpointId)}`);
  }

  readIngestUrl(endpointId: string): Promise<IngestUrl> {
    return this.request('GET', `/v1/endpoints/${encodeURIComponent(endpointId)}/ingest-url`);
  }

  rotateIngestUrl(endpointId: string): Promise<IngestUrl> {
    return this.request('POST', `/v1/endpoints/${encodeURIComponent(endpointId)}/ingest-url/rotate`);
  }

  listEvents(query: Query): Promise<RelayPage<EventSummary>> {
    return this.request('GET', '/v1/events', { query });
  }

  getEvent(eventId: string): Promise<EventDetail> {
    return this.request('GET', `/v1/events/${encodeURIComponent(eventId)}`);
  }

  replayToDestination(eventId: string, destinationId: string): Promise<ReplayResult> {
    return this.request('POST', '/v1/replays', { body: { destination_id: destinationId, event_ids: [eventId] } });
  }

  verifyAudit(): Promise<AuditVerification> {
    return this.request('POST', '/v1/audit/verify');
  }

  private async request<T>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
    const url = new URL(path, `${this.baseUrl}/`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          accept: 'application/json',
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(this.signal ? { signal: this.signal } : {}),
      });
    } catch (error) {
      if (this.signal?.aborted) throw error;
      throw new CliError(
        `cannot reach the webhook-relay API at ${this.baseUrl}: ${causeOf(error)} (set --api-url or WEBHOOK_RELAY_API_URL)`,
      );
    }
    const text = await response.text();
    if (!response.ok) throw apiError(response.status, text);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

function apiError(status: number, text: string): ApiError {
  let code = 'http_error';
  let message = `the API answered HTTP ${status}`;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not our error body (a proxy in between): keep the status.
  }
  if (status === 401) message = `${message}; sign in with \`webhook-relay login\` (or set WEBHOOK_RELAY_API_KEY)`;
  return new ApiError(status, code, message);
}

export function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
