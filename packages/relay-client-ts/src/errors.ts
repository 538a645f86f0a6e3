/** Every error this library throws; its message never holds a secret. */
export class RelayClientError extends Error {
  override name = 'RelayClientError';
}

/** The API answered an error: `{"error": {"code", "message"}}` and its HTTP status. */
export class RelayApiError extends RelayClientError {
  override name = 'RelayApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly apiMessage: string,
    /** The `X-Request-Id` of the answer: it finds the request in the relay's logs. */
    readonly requestId: string | undefined,
    /** How many attempts were made (more than 1 after retries). */
    readonly attempts: number,
  ) {
    super(`${code}: ${apiMessage} (HTTP ${status}${requestId ? `, request ${requestId}` : ''})`);
  }
}

/** Nothing answered: the connection failed or an attempt ran past its time limit. */
export class RelayConnectionError extends RelayClientError {
  override name = 'RelayConnectionError';

  constructor(
    message: string,
    readonly attempts: number,
    readonly timedOut: boolean,
    /** What failed, briefly and without secrets: a system error code (ECONNREFUSED), `timeout` or `aborted`. */
    readonly detail: string = timedOut ? 'timeout' : 'connection failed',
  ) {
    super(message);
  }
}

/** `verifyWebhook` refused a delivery; `reason` says why. */
export class WebhookVerificationError extends RelayClientError {
  override name = 'WebhookVerificationError';

  constructor(
    readonly reason:
      | 'missing_headers'
      | 'bad_timestamp'
      | 'timestamp_too_old'
      | 'timestamp_in_future'
      | 'bad_secret'
      | 'no_matching_signature',
    message: string,
  ) {
    super(message);
  }
}
