// The WebSocket messages of DeepL's AsyncAPI document (voice.asyncapi.json), in JSON (TEXT frames, audio
// base64) or MessagePack (BINARY frames, maps with string keys, audio raw).
import { decode, encode } from '@msgpack/msgpack';

export type MessageFormat = 'json' | 'msgpack';

export interface SourceSegment {
  language: string;
  text: string;
  start_time: number;
  end_time: number;
}
export type TargetSegment = Omit<SourceSegment, 'language'>;

export type ServerMessage =
  | { source_transcript_update: { concluded: SourceSegment[]; tentative: SourceSegment[] } }
  | { target_transcript_update: { language: string; concluded: TargetSegment[]; tentative: TargetSegment[] } }
  | {
      target_media_chunk: { language: string; content_type?: string; headers?: number; data: Buffer[]; duration: number; text?: string };
    }
  | { end_of_source_transcript: Record<string, never> }
  | { end_of_target_transcript: { language: string } }
  | { end_of_target_media: { language: string } }
  | { end_of_stream: Record<string, never> }
  | { error: VoiceErrorBody };

export interface VoiceErrorBody {
  request_type: string;
  error_code: number;
  reason_code: number;
  error_message: string;
}

export type ClientMessage = { type: 'source_media_chunk'; data: Buffer } | { type: 'end_of_source_media' };

/** A client message that cannot be taken; `reason` picks the error the session answers. */
export class ClientMessageError extends Error {
  constructor(
    readonly reason: 'wrong_frame_type' | 'malformed' | 'unknown',
    message: string,
    readonly requestType = 'unknown',
  ) {
    super(message);
  }
}

export function encodeMessage(format: MessageFormat, message: ServerMessage): string | Uint8Array {
  if (format === 'msgpack') return encode(message);
  return JSON.stringify(message, (_key, value: unknown) =>
    // Buffer.toJSON runs before the replacer sees it: a serialized Buffer is {type: 'Buffer', data: [...]}.
    isSerializedBuffer(value) ? Buffer.from(value.data).toString('base64') : value,
  );
}

function isSerializedBuffer(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  );
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function decodeMessage(format: MessageFormat, data: Buffer, isBinary: boolean): ClientMessage {
  if (format === 'json' && isBinary) {
    throw new ClientMessageError('wrong_frame_type', "This session's message_format is json: send messages as TEXT frames.");
  }
  if (format === 'msgpack' && !isBinary) {
    throw new ClientMessageError('wrong_frame_type', "This session's message_format is msgpack: send messages as BINARY frames.");
  }
  let message: unknown;
  try {
    message = format === 'json' ? JSON.parse(data.toString('utf8')) : decode(data);
  } catch {
    throw new ClientMessageError('malformed', `The message is not valid ${format === 'json' ? 'JSON' : 'MessagePack'}.`);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw new ClientMessageError('malformed', 'A message must be an object (a map with string keys) holding one message type.');
  }
  const keys = Object.keys(message);
  if (keys.length !== 1) {
    throw new ClientMessageError('malformed', 'A message must hold exactly one of source_media_chunk or end_of_source_media.');
  }
  const type = keys[0]!;
  const body = (message as Record<string, unknown>)[type];
  if (type === 'end_of_source_media') return { type };
  if (type !== 'source_media_chunk') {
    throw new ClientMessageError('unknown', `Unknown message '${type}': send source_media_chunk or end_of_source_media.`, type);
  }
  const chunk = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (format === 'msgpack') {
    if (chunk instanceof Uint8Array) return { type, data: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) };
    throw new ClientMessageError('malformed', 'source_media_chunk.data must be binary (MessagePack bin) audio.', type);
  }
  if (typeof chunk !== 'string' || !BASE64.test(chunk)) {
    throw new ClientMessageError('malformed', 'source_media_chunk.data must be base64-encoded audio.', type);
  }
  return { type, data: Buffer.from(chunk, 'base64') };
}
