// A closed set of engine failure codes, so the HTTP edge can map each to one status
// (UNSUPPORTED_PAIR -> 400, TIMEOUT/RESTARTED/EXITED/CLOSED -> 503 so deepl-node retries).
export type EngineErrorCode = 'UNSUPPORTED_PAIR' | 'TIMEOUT' | 'RESTARTED' | 'EXITED' | 'CLOSED' | 'ABORTED';

export class EngineError extends Error {
  override readonly name = 'EngineError';

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
