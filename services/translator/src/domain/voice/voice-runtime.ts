// What the voice routes and the WebSocket share: the session store, the recognizer, the live connections
// of this process (a reconnection here drops the old one at once; on another replica it closes at its next
// progress save) and the limits.
import type { SpeechRecognizer, SpokenTerm } from '../../engine/speech/speech-recognizer.js';
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import type { VoiceGateway } from '../../engine/deepl/deepl-voice.js';
import type { VoiceSessionStore } from './voice-session-store.js';

export interface VoiceSettings {
  /** How long a session's token opens a WebSocket. */
  tokenTtlMs: number;
  /** No audio for this long ends a session (DeepL: 30 s). */
  idleTimeoutMs: number;
  /** Audio is charged and the session's progress saved each time this much has arrived. */
  meterEveryMs: number;
}

export interface VoiceRuntime {
  store: VoiceSessionStore;
  /** Absent: this replica recognizes no speech (sessions answer 503), unless the engine forwards them. */
  recognizer?: SpeechRecognizer;
  /** A spoken-terms collection's terms in a language (`EN`; 404 when the collection does not exist); absent: spoken_terms_id answers 400. */
  loadSpokenTerms?: (id: string, language: string) => Promise<SpokenTerm[]>;
  /** The ffmpeg that decodes compressed source audio (absent: only raw PCM sessions). */
  ffmpeg?: string;
  /** Speaks translated segments (target_media_*; absent: translated speech answers 400). */
  synthesizer?: SpeechSynthesizer;
  /** Gateway mode (TRANSLATOR_ENGINE=deepl): sessions are the upstream's, relayed; metering and limits stay here. */
  gateway?: VoiceGateway;
  connections: LiveConnections;
  settings: VoiceSettings;
}

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = { tokenTtlMs: 60_000, idleTimeoutMs: 30_000, meterEveryMs: 1000 };

/** A session's WebSocket on this replica: served here (voice-connection.ts) or relayed upstream (voice-relay.ts). */
export interface LiveConnection {
  readonly sessionId: string;
  /** Settles once everything the connection started has stopped. */
  readonly closed: Promise<void>;
  /** Closes without ending the session (a reconnection or a restart follows). */
  disconnect(reason: string, code?: number): void;
}

export class LiveConnections {
  private readonly bySession = new Map<string, LiveConnection>();

  add(connection: LiveConnection): void {
    this.bySession.get(connection.sessionId)?.disconnect('the session was reconnected on another connection');
    this.bySession.set(connection.sessionId, connection);
    void connection.closed.then(() => {
      if (this.bySession.get(connection.sessionId) === connection) this.bySession.delete(connection.sessionId);
    });
  }

  /** A reconnection token was issued: the connection streaming now is dropped (DeepL's rule); resolves once it has saved its progress. */
  async disconnect(sessionId: string): Promise<void> {
    const connection = this.bySession.get(sessionId);
    connection?.disconnect('a reconnection token was requested for this session');
    await connection?.closed;
  }

  get size(): number {
    return this.bySession.size;
  }

  /** The service stops: every connection closes with 1001 and its session stays open for a reconnection. */
  async closeAll(): Promise<void> {
    const connections = [...this.bySession.values()];
    for (const connection of connections) connection.disconnect('the service is restarting; reconnect', 1001);
    await Promise.all(connections.map((connection) => connection.closed));
  }
}
