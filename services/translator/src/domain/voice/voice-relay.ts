// Gateway mode (TRANSLATOR_ENGINE=deepl): a session's WebSocket relayed frame by frame, both ways, to the
// upstream session's streaming URL, so every DeepL language and feature works. This service keeps what
// is its own: the key's speech metering and limit (audio milliseconds: raw PCM counted from the chunks'
// bytes, other formats from the upstream's transcript times), the session's progress, and a clean close
// of both sockets whichever side ends first.
import { decode } from '@msgpack/msgpack';
import WebSocket from 'ws';
import type { SpeechMeter } from '../usage/speech-meter.js';
import { pcmDurationMs, pcmLayout } from './pcm-source.js';
import { CLOSE_NORMAL, CLOSE_POLICY_VIOLATION, VoiceSessionError } from './voice-errors.js';
import { decodeMessage, encodeMessage, type ServerMessage } from './voice-messages.js';
import type { StoredSession, VoiceSessionStore } from './voice-session-store.js';
import type { LiveConnection } from './voice-runtime.js';

export interface VoiceRelayDeps {
  speechMeter: SpeechMeter;
  store: VoiceSessionStore;
  meterEveryMs: number;
  onError(error: unknown): void;
}

// Close codes a WebSocket may send (1005, 1006 and 1015 are reserved for reporting only).
function sendableCode(code: number): number {
  return code === 1000 || (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999)
    ? code
    : CLOSE_POLICY_VIOLATION;
}

export class VoiceRelay implements LiveConnection {
  private readonly upstream: WebSocket;
  private readonly pending: Array<{ data: Buffer; isBinary: boolean }> = [];
  private readonly layout;
  private readonly format: 'json' | 'msgpack';
  private pcmMs = 0;
  private transcriptMs = 0;
  private meteredMs = 0;
  private metering: Promise<void> = Promise.resolve();
  private status: 'open' | 'ended' | 'failed' = 'open';
  private shuttingDown: Promise<void> | undefined;
  readonly closed: Promise<void>;
  private markClosed!: () => void;

  constructor(
    private readonly client: WebSocket,
    private readonly session: StoredSession,
    private readonly connectionId: string,
    private readonly deps: VoiceRelayDeps,
  ) {
    const link = session.configuration.upstream!;
    this.layout = pcmLayout(session.configuration.source_media_content_type);
    this.format = session.configuration.message_format;
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    this.upstream = new WebSocket(`${link.streaming_url}?token=${encodeURIComponent(link.token)}`);
    this.upstream.on('open', () => {
      for (const frame of this.pending.splice(0)) this.upstream.send(frame.data, { binary: frame.isBinary });
    });
    this.upstream.on('message', (data, isBinary) => this.fromUpstream(data as Buffer, isBinary));
    this.upstream.on('close', (code, reason) => void this.upstreamClosed(code, reason.toString()));
    this.upstream.on('error', (error) => {
      this.deps.onError(error);
      this.fail(new VoiceSessionError('unavailable', 'The upstream voice service could not be reached; request a new session shortly.'));
    });
    client.on('message', (data, isBinary) => this.fromClient(data as Buffer, isBinary));
    client.on('close', () => void this.shutdown());
    client.on('error', () => void this.shutdown());
  }

  get sessionId(): string {
    return this.session.id;
  }

  disconnect(reason: string, code = CLOSE_POLICY_VIOLATION): void {
    if (this.shuttingDown) return;
    void this.shutdown().then(() => this.client.close(code, reason));
  }

  private fromClient(data: Buffer, isBinary: boolean): void {
    if (this.shuttingDown) return;
    if (this.layout) {
      try {
        const message = decodeMessage(this.format, data, isBinary);
        if (message.type === 'source_media_chunk') this.pcmMs += pcmDurationMs(this.layout, message.data.length);
      } catch {
        // The upstream answers a bad message with its own Error.
      }
    }
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.send(data, { binary: isBinary });
    else this.pending.push({ data, isBinary });
    this.meterIfDue();
  }

  private fromUpstream(data: Buffer, isBinary: boolean): void {
    if (this.shuttingDown) return;
    const message = this.read(data, isBinary);
    const update = message?.source_transcript_update as
      | { concluded?: Array<{ end_time?: unknown }>; tentative?: Array<{ end_time?: unknown }> }
      | undefined;
    for (const segment of [...(update?.concluded ?? []), ...(update?.tentative ?? [])]) {
      if (typeof segment.end_time === 'number') this.transcriptMs = Math.max(this.transcriptMs, segment.end_time - this.session.audioMs);
    }
    if (message?.error !== undefined) this.status = 'failed';
    if (message?.end_of_stream !== undefined && this.status === 'open') this.status = 'ended';
    if (this.client.readyState === WebSocket.OPEN) this.client.send(data, { binary: isBinary });
    this.meterIfDue();
  }

  private read(data: Buffer, isBinary: boolean): Record<string, unknown> | undefined {
    try {
      const value = isBinary ? decode(data) : JSON.parse(data.toString('utf8'));
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  private get heardMs(): number {
    return Math.max(this.pcmMs, this.transcriptMs);
  }

  private meterIfDue(): void {
    if (this.heardMs - this.meteredMs >= this.deps.meterEveryMs) void this.meter().catch((error: unknown) => this.fail(error));
  }

  private meter(): Promise<void> {
    this.metering = this.metering.then(async () => {
      const due = Math.round(this.heardMs - this.meteredMs);
      if (due <= 0) return;
      this.meteredMs += due;
      const charged = await this.deps.speechMeter.record({
        keyId: this.session.keyId,
        milliseconds: due,
        reportingTag: this.session.reportingTag,
        kind: this.session.configuration.target_media_languages.length > 0 ? 'speech_to_speech' : 'speech_to_text',
      });
      const current = await this.deps.store.progress(this.session.id, this.connectionId, this.session.audioMs + this.meteredMs);
      if (!current && !this.shuttingDown) this.disconnect('the session was reconnected on another connection');
      if ((charged.meteredMs < due || charged.exhausted) && !this.shuttingDown && this.status === 'open') {
        throw new VoiceSessionError(
          'quota_exceeded',
          'Quota for this billing period has been exceeded: the key has used its speech-to-text milliseconds.',
          'source_media_chunk',
        );
      }
    });
    return this.metering;
  }

  private async upstreamClosed(code: number, reason: string): Promise<void> {
    if (this.shuttingDown) return;
    if (code === CLOSE_NORMAL && this.status === 'open') this.status = 'ended';
    await this.shutdown();
    this.client.close(sendableCode(code), reason);
  }

  private fail(error: unknown): void {
    if (this.shuttingDown) return;
    const sessionError =
      error instanceof VoiceSessionError
        ? error
        : new VoiceSessionError('internal', 'The session failed on the server; request a new session.');
    if (!(error instanceof VoiceSessionError)) this.deps.onError(error);
    this.status = 'failed';
    if (this.client.readyState === WebSocket.OPEN)
      this.client.send(encodeMessage(this.format, { error: sessionError.body() } satisfies ServerMessage), {
        binary: this.format === 'msgpack',
      });
    void this.shutdown().then(() => this.client.close(sessionError.closeCode, sessionError.kind));
  }

  // Both sockets stop, the audio heard is charged and the session released, once.
  private shutdown(): Promise<void> {
    this.shuttingDown ??= (async () => {
      if (this.upstream.readyState === WebSocket.CONNECTING) this.upstream.terminate();
      else if (this.upstream.readyState === WebSocket.OPEN) this.upstream.close(CLOSE_NORMAL, 'client gone');
      await this.meter().catch(() => undefined);
      await this.deps.store
        .release(this.session.id, this.connectionId, this.session.audioMs + this.meteredMs, this.status)
        .catch((error: unknown) => this.deps.onError(error));
    })().finally(() => this.markClosed());
    return this.shuttingDown;
  }
}
