// Translated speech, offline: espeak-ng speaks a text in the target language (its WAV on stdout), and
// ffmpeg turns that into the asked format (PCM at a rate, Opus, FLAC, AAC in their containers). At most
// `maxProcesses` syntheses run at once in this process; the others wait their turn in order.
import { type LanguageVoices, DEFAULT_SPEECH_VOICE, espeakVoiceFor, type SpeechVoice, speechVoices } from './speech-voices.js';
import { outputFormatOf, SPEECH_CONTENT_TYPES } from './speech-output-formats.js';
import { runProgram } from './run-program.js';

export { speechVoices, type LanguageVoices, type SpeechVoice };

const DEFAULT_TIMEOUT_MS = 60_000;

export interface SpeechSynthesizerOptions {
  /** Syntheses (espeak-ng then ffmpeg) running at once. */
  maxProcesses: number;
  espeak?: string;
  ffmpeg?: string;
  /** Per program run. */
  timeoutMs?: number;
}

export interface SpeechRequest {
  text: string;
  /** DeepL target code (`DE`, `PT-BR`). */
  language: string;
  voice?: SpeechVoice;
  signal?: AbortSignal;
}

export class UnsupportedSpeech extends Error {
  override readonly name = 'UnsupportedSpeech';
}

export class SpeechSynthesizer {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly espeak: string;
  private readonly ffmpeg: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: SpeechSynthesizerOptions) {
    this.espeak = options.espeak ?? 'espeak-ng';
    this.ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Languages spoken, with their voices. */
  voices(): LanguageVoices[] {
    return speechVoices();
  }

  speaks(language: string): boolean {
    return espeakVoiceFor(language) !== undefined;
  }

  /** The text spoken, as signed 16-bit little-endian mono PCM at `rate` Hz (empty for a blank text). */
  speakPcm(request: SpeechRequest & { rate: number }): Promise<Buffer> {
    const voice = espeakVoiceFor(request.language, request.voice ?? DEFAULT_SPEECH_VOICE);
    if (voice === undefined) return Promise.reject(new UnsupportedSpeech(`No voice speaks '${request.language}'.`));
    if (request.text.trim() === '') return Promise.resolve(Buffer.alloc(0));
    return this.inTurn(async () => {
      const wav = await runProgram(
        this.espeak,
        ['-v', voice, '-b', '1', '--stdout'],
        Buffer.from(request.text, 'utf8'),
        this.run(request.signal),
      );
      return runProgram(
        this.ffmpeg,
        ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-ac', '1', '-ar', String(request.rate), '-f', 's16le', 'pipe:1'],
        wav,
        this.run(request.signal),
      );
    });
  }

  /** PCM (s16le mono at `rate`) written in one of SPEECH_CONTENT_TYPES. */
  encode(pcm: Buffer, rate: number, contentType: string, signal?: AbortSignal): Promise<Buffer> {
    const format = outputFormatOf(contentType);
    if (!format)
      return Promise.reject(
        new UnsupportedSpeech(`Audio format not supported: '${contentType}'. Supported: ${SPEECH_CONTENT_TYPES.join(', ')}.`),
      );
    if (format.args.includes('s16le') && format.rate === rate) return Promise.resolve(pcm);
    return this.inTurn(() =>
      runProgram(
        this.ffmpeg,
        [
          '-v',
          'error',
          '-f',
          's16le',
          '-ar',
          String(rate),
          '-ac',
          '1',
          '-i',
          'pipe:0',
          '-ar',
          String(format.rate),
          ...format.args,
          'pipe:1',
        ],
        pcm,
        this.run(signal),
      ),
    );
  }

  /** The text spoken and written in `contentType` (one of SPEECH_CONTENT_TYPES). */
  async synthesize(request: SpeechRequest & { contentType: string }): Promise<Buffer> {
    const format = outputFormatOf(request.contentType);
    if (!format)
      throw new UnsupportedSpeech(`Audio format not supported: '${request.contentType}'. Supported: ${SPEECH_CONTENT_TYPES.join(', ')}.`);
    const pcm = await this.speakPcm({ ...request, rate: format.rate });
    return this.encode(pcm, format.rate, request.contentType, request.signal);
  }

  private run(signal: AbortSignal | undefined) {
    return { timeoutMs: this.timeoutMs, ...(signal ? { signal } : {}) };
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.maxProcesses) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
