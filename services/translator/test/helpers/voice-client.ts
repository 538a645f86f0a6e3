// A client of the voice API written from DeepL's documents: POST /v3/voice/realtime, then the WebSocket in
// JSON (TEXT frames, base64 audio) or MessagePack (BINARY frames, raw audio), collecting every message.
import { decode, encode } from '@msgpack/msgpack';
import WebSocket from 'ws';
import type {
  ConcludedSpeech,
  RecognitionOptions,
  RecognitionStream,
  SpeechRecognizer,
} from '../../src/engine/speech/speech-recognizer.js';
import { RECOGNIZER_BYTES_PER_MS } from '../../src/engine/speech/speech-recognizer.js';

export type VoiceMessage = Record<string, any>;

export interface VoiceSocket {
  socket: WebSocket;
  messages: VoiceMessage[];
  /** Resolves with the close code and reason once the server closes. */
  closed: Promise<{ code: number; reason: string }>;
  sendAudio(chunk: Buffer): void;
  endOfSource(): void;
  /** Waits until a message satisfies `match`. */
  waitFor(match: (message: VoiceMessage) => boolean, timeoutMs?: number): Promise<VoiceMessage>;
}

export async function openVoiceSocket(streamingUrl: string, token: string, format: 'json' | 'msgpack' = 'json'): Promise<VoiceSocket> {
  const socket = new WebSocket(`${streamingUrl}?token=${encodeURIComponent(token)}`);
  const messages: VoiceMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data, isBinary) => {
    messages.push((isBinary ? decode(data as Buffer) : JSON.parse(String(data))) as VoiceMessage);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const waiter of [...waiters]) waiter();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (message: object) =>
    format === 'json' ? socket.send(JSON.stringify(message)) : socket.send(encode(message), { binary: true });
  return {
    socket,
    messages,
    closed,
    sendAudio: (chunk) => send({ source_media_chunk: { data: format === 'json' ? chunk.toString('base64') : chunk } }),
    endOfSource: () => send({ end_of_source_media: {} }),
    waitFor(match, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            resolve(found);
          } else if (socket.readyState === WebSocket.CLOSED) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            reject(new Error(`closed without the message; got ${JSON.stringify(messages).slice(0, 500)}`));
          }
        };
        const timer = setTimeout(() => reject(new Error(`no such message within ${timeoutMs} ms`)), timeoutMs);
        waiters.push(check);
        check();
      });
    },
  };
}

/** Milliseconds of PCM silence in the recognizer's layout. */
export function silence(ms: number): Buffer {
  return Buffer.alloc(Math.round(ms * RECOGNIZER_BYTES_PER_MS));
}

/**
 * A recognizer for protocol tests: it "hears" the next of `script`'s sentences each `segmentMs` of audio
 * (a tentative first, at half way), and counts the streams it has open so tests see every one given back.
 */
export class ScriptedRecognizer implements SpeechRecognizer {
  readonly languages = ['EN'];
  /** Streams open now, and ever opened. */
  active = 0;
  opened = 0;

  constructor(
    private readonly script: string[],
    private readonly segmentMs = 1000,
  ) {}

  async open(options: RecognitionOptions): Promise<RecognitionStream> {
    return this.openStream(options);
  }

  async close(): Promise<void> {}

  private openStream(options: RecognitionOptions): RecognitionStream {
    this.active += 1;
    this.opened += 1;
    let receivedMs = 0;
    let concludedUntil = 0;
    let next = 0;
    let done = false;
    const release = () => {
      if (!done) this.active -= 1;
      done = true;
    };
    const conclude = (endMs: number) => {
      const text = this.script[next++ % this.script.length]!;
      const speech: ConcludedSpeech = { text, startMs: concludedUntil, endMs };
      concludedUntil = endMs;
      options.listener.concluded(speech);
    };
    return {
      write: (pcm) => {
        if (done) return;
        const before = receivedMs;
        receivedMs += pcm.length / RECOGNIZER_BYTES_PER_MS;
        const half = concludedUntil + this.segmentMs / 2;
        if (before < half && receivedMs >= half) options.listener.tentative(this.script[next % this.script.length]!.split(' ')[0]!);
        while (receivedMs - concludedUntil >= this.segmentMs) conclude(concludedUntil + this.segmentMs);
      },
      finish: async () => {
        if (receivedMs > concludedUntil + 100) conclude(receivedMs);
        release();
      },
      abort: release,
      get receivedMs() {
        return receivedMs;
      },
    };
  }
}
