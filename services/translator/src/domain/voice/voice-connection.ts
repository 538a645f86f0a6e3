// One WebSocket of a session: audio in, transcripts and translations out, in the order the AsyncAPI document
// gives (updates, then end_of_source_transcript, end_of_target_transcript per target, end_of_target_media,
// end_of_stream, close). Whatever way it ends, the recognizer is given back, the decoder stopped and the
// timers cleared before the socket's close is reported.
import type { WebSocket } from 'ws';
import type { RecognitionStream, SpeechRecognizer, SpokenTerm } from '../../engine/speech/speech-recognizer.js';
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import type { SpeechMeter } from '../usage/speech-meter.js';
import type { SegmentTranslator } from './segment-translator.js';
import { openSourceAudio, pcmMs, type SourceAudio } from './source-audio.js';
import { TargetSpeech } from './target-speech.js';
import { CLOSE_NORMAL, CLOSE_POLICY_VIOLATION, VoiceSessionError } from './voice-errors.js';
import { type ClientMessage, ClientMessageError, decodeMessage, encodeMessage, type ServerMessage } from './voice-messages.js';
import type { StoredSession, VoiceSessionStore } from './voice-session-store.js';

export interface VoiceConnectionDeps {
  recognizer: SpeechRecognizer;
  speechMeter: SpeechMeter;
  store: VoiceSessionStore;
  translator: SegmentTranslator;
  /** Decodes compressed source audio (absent: raw PCM only). */
  ffmpeg?: string;
  /** The session's spoken terms in its source language (spoken_terms_id). */
  terms?: SpokenTerm[];
  /** Speaks the target_media_languages' translations. */
  synthesizer?: SpeechSynthesizer;
  /** No audio for this long ends the session (DeepL: 30 s). */
  idleTimeoutMs: number;
  /** Audio is metered (and the session's progress saved) each time this much has arrived. */
  meterEveryMs: number;
  onError(error: unknown): void;
}

type State = 'opening' | 'streaming' | 'finishing' | 'closed';

export class VoiceConnection {
  private state: State = 'opening';
  private stream: RecognitionStream | undefined;
  private audio: SourceAudio | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private work: Promise<void> = Promise.resolve();
  private metering: Promise<void> = Promise.resolve();
  private readonly targets = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly speech: TargetSpeech | undefined;
  private receivedMs = 0;
  private meteredMs = 0;
  private concludedEndMs = 0;
  private lastTentative = '';
  private readonly offsetMs: number;
  private readonly format: 'json' | 'msgpack';
  private readonly language: string;
  /** Settles once everything the connection started has stopped. */
  readonly closed: Promise<void>;
  private markClosed!: () => void;

  constructor(
    private readonly socket: WebSocket,
    private readonly session: StoredSession,
    private readonly connectionId: string,
    private readonly deps: VoiceConnectionDeps,
  ) {
    this.offsetMs = session.audioMs;
    this.format = session.configuration.message_format;
    this.language = session.configuration.source_language ?? 'en';
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    for (const tag of session.configuration.target_languages) this.targets.set(tag, Promise.resolve());
    if (deps.synthesizer && session.configuration.target_media_languages.length > 0)
      this.speech = new TargetSpeech(deps.synthesizer, session.configuration, this.stopping.signal);
    socket.on('message', (data, isBinary) => this.enqueue(() => this.receive(data as Buffer, isBinary)));
    socket.on('close', () => void this.shutdown('open'));
    socket.on('error', () => void this.shutdown('open'));
    this.enqueue(() => this.open());
  }

  get sessionId(): string {
    return this.session.id;
  }

  /** Another connection took the session over, or the service stops: close without ending the session. */
  disconnect(reason: string, code = CLOSE_POLICY_VIOLATION): void {
    if (this.state === 'closed') return;
    void this.shutdown('open').then(() => this.socket.close(code, reason));
  }

  private enqueue(step: () => Promise<void>): void {
    this.work = this.work.then(() => (this.state === 'closed' ? undefined : step())).catch((error: unknown) => this.fail(error));
  }

  private async open(): Promise<void> {
    this.audio = openSourceAudio(this.session.configuration.source_media_content_type, this.deps.ffmpeg, (pcm) => this.hear(pcm));
    try {
      this.stream = await this.deps.recognizer.open({
        language: this.language.toUpperCase(),
        ...(this.deps.terms?.length ? { terms: this.deps.terms } : {}),
        listener: {
          tentative: (text) => this.tentative(text),
          concluded: (speech) => this.concluded(speech.text, speech.startMs, speech.endMs),
        },
      });
    } catch (error) {
      throw new VoiceSessionError(
        'unavailable',
        `Speech recognition is busy: ${error instanceof Error ? error.message : String(error)}. Request a new session shortly.`,
      );
    }
    if (this.state === 'closed') {
      this.audio.abort();
      return this.stream.abort();
    }
    this.state = 'streaming';
    this.armIdleTimer();
  }

  private async receive(data: Buffer, isBinary: boolean): Promise<void> {
    let message: ClientMessage;
    try {
      message = decodeMessage(this.format, data, isBinary);
    } catch (error) {
      if (!(error instanceof ClientMessageError)) throw error;
      const kind =
        error.reason === 'wrong_frame_type' ? 'wrong_frame_type' : error.reason === 'unknown' ? 'unknown_message' : 'malformed_message';
      throw new VoiceSessionError(kind, error.message, error.requestType);
    }
    if (this.state === 'finishing') {
      throw new VoiceSessionError('after_end_of_source', `No message may follow end_of_source_media (got ${message.type}).`, message.type);
    }
    if (message.type === 'end_of_source_media') {
      // Not awaited: a message arriving while the session finishes is refused, not queued behind it.
      this.state = 'finishing';
      void this.finish().catch((error: unknown) => this.fail(error));
      return;
    }
    this.armIdleTimer();
    this.audio!.write(message.data);
    await this.meterIfDue();
  }

  private hear(pcm: Buffer): void {
    this.receivedMs += pcmMs(pcm);
    this.stream!.write(pcm);
  }

  private tentative(text: string): void {
    if (this.state === 'closed' || text === this.lastTentative) return;
    this.lastTentative = text;
    const segment = {
      language: this.language,
      text,
      start_time: this.at(this.concludedEndMs),
      end_time: this.at(this.stream?.receivedMs ?? this.receivedMs),
    };
    this.send({ source_transcript_update: { concluded: [], tentative: text ? [segment] : [] } });
  }

  private concluded(text: string, startMs: number, endMs: number): void {
    if (this.state === 'closed') return;
    this.concludedEndMs = Math.max(this.concludedEndMs, endMs);
    this.lastTentative = '';
    const times = { start_time: this.at(startMs), end_time: this.at(endMs) };
    this.send({ source_transcript_update: { concluded: [{ language: this.language, text, ...times }], tentative: [] } });
    // Per target, translations go out in the order their segments were concluded.
    for (const [tag, previous] of this.targets) {
      const next = previous.then(async () => {
        const translated = await this.deps.translator.translate(text, tag);
        this.send({ target_transcript_update: { language: tag, concluded: [{ text: translated, ...times }], tentative: [] } });
        if (this.speech?.speaks(tag)) {
          const media = await this.speech.speak(translated, tag);
          if (media) this.send(media);
        }
      });
      this.targets.set(
        tag,
        next.catch((error: unknown) => this.fail(error)),
      );
    }
  }

  private async finish(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.audio!.end();
    await this.stream!.finish();
    await Promise.all(this.targets.values());
    await this.meter();
    if (this.state !== 'finishing') return;
    this.send({ end_of_source_transcript: {} });
    for (const language of this.targets.keys()) this.send({ end_of_target_transcript: { language } });
    for (const language of this.session.configuration.target_media_languages) this.send({ end_of_target_media: { language } });
    this.send({ end_of_stream: {} });
    await this.shutdown('ended');
    this.socket.close(CLOSE_NORMAL, 'end of stream');
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const seconds = Math.round(this.deps.idleTimeoutMs / 1000);
      this.fail(
        new VoiceSessionError(
          'timeout',
          `No audio received for ${seconds} seconds: the session timed out. Send audio at least every ${seconds} s.`,
        ),
      );
    }, this.deps.idleTimeoutMs);
  }

  private async meterIfDue(): Promise<void> {
    if (this.receivedMs - this.meteredMs >= this.deps.meterEveryMs) await this.meter();
  }

  // Charges the audio received since the last charge; one charge at a time.
  private meter(): Promise<void> {
    this.metering = this.metering.then(async () => {
      const due = Math.round(this.receivedMs - this.meteredMs);
      if (due <= 0) return;
      this.meteredMs += due;
      const kind = this.session.configuration.target_media_languages.length > 0 ? 'speech_to_speech' : 'speech_to_text';
      const charged = await this.deps.speechMeter.record({
        keyId: this.session.keyId,
        milliseconds: due,
        reportingTag: this.session.reportingTag,
        kind,
      });
      const current = await this.deps.store.progress(this.session.id, this.connectionId, this.offsetMs + this.meteredMs);
      if (!current && this.state !== 'closed') this.disconnect('the session was reconnected on another connection');
      if (charged.meteredMs < due || (charged.exhausted && this.state === 'streaming')) {
        throw new VoiceSessionError(
          'quota_exceeded',
          'Quota for this billing period has been exceeded: the key has used its speech-to-text milliseconds.',
          'source_media_chunk',
        );
      }
    });
    return this.metering;
  }

  private at(ms: number): number {
    return Math.round(this.offsetMs + ms);
  }

  private send(message: ServerMessage): void {
    if (this.state === 'closed' || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(encodeMessage(this.format, message), { binary: this.format === 'msgpack' });
  }

  /** Ends the session on an error: its message (DeepL's Error), then the close; no reconnection. */
  private fail(error: unknown): void {
    if (this.state === 'closed') return;
    const sessionError =
      error instanceof VoiceSessionError
        ? error
        : new VoiceSessionError('internal', 'The session failed on the server; request a new session.');
    if (!(error instanceof VoiceSessionError)) this.deps.onError(error);
    this.send({ error: sessionError.body() });
    void this.shutdown('failed').then(() => this.socket.close(sessionError.closeCode, sessionError.kind));
  }

  private shuttingDown: Promise<void> | undefined;

  // Everything stops here, once: timers, the decoder, the recognizer; audio received is charged and the
  // session is released (`open` leaves it to a reconnection).
  private shutdown(status: 'open' | 'ended' | 'failed'): Promise<void> {
    this.shuttingDown ??= (async () => {
      const wasFinishing = this.state === 'finishing';
      this.state = 'closed';
      clearTimeout(this.idleTimer);
      this.stopping.abort();
      this.audio?.abort();
      if (!(status === 'ended' && wasFinishing)) this.stream?.abort();
      await this.meter().catch(() => undefined);
      await this.deps.store
        .release(this.session.id, this.connectionId, this.offsetMs + this.meteredMs, status)
        .catch((error: unknown) => this.deps.onError(error));
    })().finally(() => this.markClosed());
    return this.shuttingDown;
  }
}
