import {
  type OperationRequest,
  RelayApiError,
  RelayClient as GeneratedClient,
  RelayConnectionError,
  type RequestOptions,
} from '@workspace/relay-client';
import { ApiError, CliError } from './errors.js';

const CLI_USER_AGENT = 'webhook-relay-cli/0.1.0';

/**
 * The REST API (`{api_url}/v1`) through the generated TypeScript client (@workspace/relay-client), so the CLI,
 * the client libraries and the API cannot drift apart. The only way the CLI reaches the relay. Errors become
 * one-line CliErrors; Ctrl-C (the io signal) aborts a call and its retries.
 */
export class RelayClient extends GeneratedClient {
  constructor(
    baseUrl: string,
    apiKey: string,
    fetchImpl: typeof fetch,
    private readonly signal?: AbortSignal,
  ) {
    // Fewer, shorter retries than a library's: someone is waiting at the terminal.
    super({
      baseUrl,
      apiKey,
      fetch: fetchImpl,
      userAgent: CLI_USER_AGENT,
      retry: { maxRetries: 2, baseDelayMs: 250, maxElapsedMs: 10_000 },
    });
  }

  protected override async send<Answer>(request: OperationRequest, options: RequestOptions = {}): Promise<Answer> {
    try {
      return await super.send<Answer>(request, { ...(this.signal ? { signal: this.signal } : {}), ...options });
    } catch (error) {
      if (this.signal?.aborted) throw error;
      throw toCliError(error, this.baseUrl);
    }
  }
}

function toCliError(error: unknown, baseUrl: string): unknown {
  if (error instanceof RelayApiError) {
    const message =
      error.status === 401 ? `${error.apiMessage}; sign in with \`webhook-relay login\` (or set WEBHOOK_RELAY_API_KEY)` : error.apiMessage;
    return new ApiError(error.status, error.code, message);
  }
  if (error instanceof RelayConnectionError)
    return new CliError(`cannot reach the webhook-relay API at ${baseUrl}: ${error.detail} (set --api-url or WEBHOOK_RELAY_API_URL)`);
  return error;
}

export function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
