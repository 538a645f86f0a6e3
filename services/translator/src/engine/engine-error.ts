// A closed set of engine failure codes, so the HTTP edge can map each to one status:
// UNSUPPORTED_PAIR -> 400; TIMEOUT, RESTARTED, EXITED, CLOSED, UNAVAILABLE, OVERLOADED -> 503 (deepl-node
// retries those); UPSTREAM_REJECTED -> the upstream's 4xx meaning (bad request, quota); ABORTED -> nothing
// (the client went away).
export type EngineErrorCode =
  | 'UNSUPPORTED_PAIR'
  | 'TIMEOUT'
  | 'RESTARTED'
  | 'EXITED'
  | 'CLOSED'
  | 'ABORTED'
  | 'UNAVAILABLE'
  | 'OVERLOADED'
  | 'UPSTREAM_REJECTED';

export class EngineError extends Error {
  override readonly name = 'EngineError';

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly details?: unknown,
    /** For UPSTREAM_REJECTED: the upstream's HTTP status. */
    readonly upstreamStatus?: number,
  ) {
    super(message);
  }
}
