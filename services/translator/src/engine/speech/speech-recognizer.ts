// The contract between the voice areas (real-time sessions, voice jobs) and a speech recognizer. The
// offline recognizer (pocketsphinx, kept warm in a pool) implements it; audio reaches it already decoded
// to PCM: signed 16-bit little-endian, mono, 16 kHz (audio-decoder.ts turns every accepted source
// format into that).

/** The one PCM layout recognizers take. */
export const RECOGNIZER_SAMPLE_RATE = 16_000;
export const RECOGNIZER_BYTES_PER_MS = (RECOGNIZER_SAMPLE_RATE * 2) / 1000;

/** A term of a spoken-terms collection: how the operator writes it, and optionally how it is said. */
export interface SpokenTerm {
  term: string;
  /** Space-separated words it sounds like ("cube er net ease"), when spelling alone misleads. */
  soundsLike?: string;
}

/** A stretch of speech the recognizer has concluded: its text no longer changes. */
export interface ConcludedSpeech {
  text: string;
  /** Offsets in the audio stream, from its first sample. */
  startMs: number;
  endMs: number;
}

export interface RecognitionListener {
  /** The words heard so far in the utterance still going on; each call replaces the previous one. */
  tentative(text: string): void;
  concluded(speech: ConcludedSpeech): void;
}

export interface RecognitionOptions {
  /** Base language code, upper-case (`EN`). */
  language: string;
  terms?: SpokenTerm[];
  listener: RecognitionListener;
}

export interface RecognitionStream {
  /** PCM in the recognizer's layout; any length, not necessarily whole samples. */
  write(pcm: Buffer): void;
  /** No more audio: resolves once the last speech is concluded and the recognizer is given back. */
  finish(): Promise<void>;
  /** Drops the stream at once and gives the recognizer back; nothing more is reported. */
  abort(): void;
  /** Milliseconds of audio written so far. */
  readonly receivedMs: number;
}

export interface SpeechRecognizer {
  /** Base codes the recognizer hears (offline: `EN` only, the model that ships). */
  readonly languages: readonly string[];
  /** Waits for a free recognizer when all are busy (bounded by the pool's queue; SpeechError when full). */
  open(options: RecognitionOptions): Promise<RecognitionStream>;
  close(): Promise<void>;
}
