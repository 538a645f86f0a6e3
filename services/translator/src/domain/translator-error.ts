// The one error type of the translator; http/error-handler.ts maps each code to its status.
export type TranslatorErrorCode =
  | 'BAD_REQUEST'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'QUOTA_EXCEEDED'
  | 'UNAVAILABLE';

export class TranslatorError extends Error {
  override readonly name = 'TranslatorError';

  constructor(
    readonly code: TranslatorErrorCode,
    message: string,
    /** Seconds a client should wait before retrying (429 and 503). */
    readonly retryAfterSeconds?: number,
    /** DeepL's optional second member of an error body (glossary entry errors name the line). */
    readonly detail?: string,
  ) {
    super(message);
  }
}
