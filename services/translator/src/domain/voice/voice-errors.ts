// Every way a session ends in error: the Error message it sends (DeepL's shape: HTTP-style error_code, a
// reason_code, a sentence) and the WebSocket close code that follows. DeepL documents the message, one
// reason code (4000403, audio format not supported) and no close codes; the others follow its pattern
// (status, then a detail) and the close codes are RFC 6455's.
import type { VoiceErrorBody } from './voice-messages.js';

export const CLOSE_NORMAL = 1000;
export const CLOSE_UNSUPPORTED_DATA = 1003;
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_MESSAGE_TOO_BIG = 1009;
export const CLOSE_INTERNAL_ERROR = 1011;
export const CLOSE_TRY_AGAIN_LATER = 1013;

const ERRORS = {
  malformed_message: { error_code: 400, reason_code: 4000400, close: CLOSE_POLICY_VIOLATION },
  wrong_frame_type: { error_code: 400, reason_code: 4000401, close: CLOSE_UNSUPPORTED_DATA },
  unknown_message: { error_code: 400, reason_code: 4000402, close: CLOSE_POLICY_VIOLATION },
  audio_format: { error_code: 400, reason_code: 4000403, close: CLOSE_UNSUPPORTED_DATA },
  after_end_of_source: { error_code: 400, reason_code: 4000404, close: CLOSE_POLICY_VIOLATION },
  token_reused: { error_code: 401, reason_code: 4010001, close: CLOSE_POLICY_VIOLATION },
  token_expired: { error_code: 401, reason_code: 4010002, close: CLOSE_POLICY_VIOLATION },
  session_closed: { error_code: 410, reason_code: 4100000, close: CLOSE_POLICY_VIOLATION },
  timeout: { error_code: 408, reason_code: 4080000, close: CLOSE_POLICY_VIOLATION },
  chunk_too_large: { error_code: 413, reason_code: 4130000, close: CLOSE_MESSAGE_TOO_BIG },
  too_fast: { error_code: 429, reason_code: 4290000, close: CLOSE_POLICY_VIOLATION },
  quota_exceeded: { error_code: 456, reason_code: 4560000, close: CLOSE_POLICY_VIOLATION },
  internal: { error_code: 500, reason_code: 5000000, close: CLOSE_INTERNAL_ERROR },
  unavailable: { error_code: 503, reason_code: 5030000, close: CLOSE_TRY_AGAIN_LATER },
} as const;

export type VoiceErrorKind = keyof typeof ERRORS;

/** Ends a session: the error message sent, then the close. */
export class VoiceSessionError extends Error {
  constructor(
    readonly kind: VoiceErrorKind,
    message: string,
    readonly requestType = 'unknown',
  ) {
    super(message);
  }

  get closeCode(): number {
    return ERRORS[this.kind].close;
  }

  body(): VoiceErrorBody {
    const { error_code, reason_code } = ERRORS[this.kind];
    return { request_type: this.requestType, error_code, reason_code, error_message: this.message };
  }
}
