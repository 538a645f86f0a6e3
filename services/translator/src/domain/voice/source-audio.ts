// A session's source audio: each chunk checked against DeepL's limits (100 KB; for raw PCM also one second,
// whole frames, not a container file) and turned into the recognizer's PCM. Raw PCM is converted in-process;
// every compressed type (Ogg/Opus, WebM, Matroska, FLAC, MP3, AAC, audio/auto) goes through one ffmpeg child
// per session (src/engine/speech/audio-decoder.ts), killed by abort() or once end() has drained it.
import { openAudioDecoder } from '../../engine/speech/audio-decoder.js';
import { parseSourceMediaType } from '../../engine/speech/source-media-type.js';
import { RECOGNIZER_BYTES_PER_MS } from '../../engine/speech/speech-recognizer.js';
import { TranslatorError } from '../translator-error.js';
import { PcmConverter, type PcmLayout, pcmDurationMs, pcmLayout } from './pcm-source.js';
import { VoiceSessionError } from './voice-errors.js';

export const MAX_CHUNK_BYTES = 100 * 1024;
export const MAX_CHUNK_MS = 1000;

export interface SourceAudio {
  /** Checks the chunk and hands its PCM to `onPcm` (compressed audio: as the decoder yields it); throws VoiceSessionError for a chunk DeepL refuses. */
  write(chunk: Buffer): void;
  /** Resolves once every PCM byte of the audio written has been handed on; VoiceSessionError when it did not decode. */
  end(): Promise<void>;
  /** Stops at once (the decoder process, if any, is killed). */
  abort(): void;
}

/** Why this service cannot take the content type in a session (undefined: it can). `ffmpeg` absent: compressed audio cannot be decoded. */
export function sourceTypeProblem(contentType: string, ffmpeg: string | undefined): string | undefined {
  if (pcmLayout(contentType)) return undefined;
  try {
    parseSourceMediaType(contentType);
  } catch (error) {
    return (error as Error).message;
  }
  return ffmpeg
    ? undefined
    : `Value for 'source_media_content_type' not supported here: '${contentType}' needs ffmpeg, which is not installed on this service. Send raw PCM (audio/pcm;encoding=s16le;rate=16000).`;
}

// The first bytes of the containers a client might send by mistake instead of raw PCM.
const CONTAINER_SIGNATURES: Array<[string, Buffer]> = [
  ['WAV (RIFF)', Buffer.from('RIFF')],
  ['Ogg', Buffer.from('OggS')],
  ['FLAC', Buffer.from('fLaC')],
  ['MP3 (ID3)', Buffer.from('ID3')],
  ['WebM/Matroska', Buffer.from([0x1a, 0x45, 0xdf, 0xa3])],
];

function tooLarge(chunk: Buffer): VoiceSessionError {
  return new VoiceSessionError(
    'chunk_too_large',
    `Audio chunk too large: ${chunk.length} bytes; send at most 100 KB (recommended: 50-250 ms of audio).`,
    'source_media_chunk',
  );
}

export function openSourceAudio(contentType: string, ffmpeg: string | undefined, onPcm: (pcm: Buffer) => void): SourceAudio {
  const layout = pcmLayout(contentType);
  if (layout) return openPcmSource(contentType, layout, onPcm);
  if (!ffmpeg || sourceTypeProblem(contentType, ffmpeg))
    throw new VoiceSessionError('audio_format', `Audio format not supported: ${contentType} cannot be decoded here.`, 'source_media_chunk');
  const decoder = openAudioDecoder(parseSourceMediaType(contentType), ffmpeg, onPcm);
  return {
    write(chunk) {
      if (chunk.length > MAX_CHUNK_BYTES) throw tooLarge(chunk);
      decoder.write(chunk);
    },
    async end() {
      try {
        await decoder.end();
      } catch (error) {
        if (!(error instanceof TranslatorError) || error.code !== 'BAD_REQUEST') throw error;
        throw new VoiceSessionError('audio_format', `Audio format not supported: ${error.message}`, 'source_media_chunk');
      }
    },
    abort: () => decoder.abort(),
  };
}

function openPcmSource(contentType: string, layout: PcmLayout, onPcm: (pcm: Buffer) => void): SourceAudio {
  const converter = new PcmConverter(layout);
  let first = true;
  return {
    write(chunk) {
      if (chunk.length > MAX_CHUNK_BYTES) throw tooLarge(chunk);
      const durationMs = pcmDurationMs(layout, chunk.length);
      if (durationMs > MAX_CHUNK_MS) {
        throw new VoiceSessionError(
          'chunk_too_large',
          `Audio chunk too long: ${Math.round(durationMs)} ms; send at most one second (recommended: 50-250 ms).`,
          'source_media_chunk',
        );
      }
      if (chunk.length % layout.frameBytes !== 0) {
        throw new VoiceSessionError(
          'audio_format',
          `Audio format not supported: a ${contentType} chunk must be whole frames of ${layout.frameBytes} bytes.`,
          'source_media_chunk',
        );
      }
      if (first) {
        first = false;
        const container = CONTAINER_SIGNATURES.find(([, signature]) => chunk.subarray(0, signature.length).equals(signature));
        if (container) {
          throw new VoiceSessionError(
            'audio_format',
            `Audio format not supported: the audio is ${container[0]}, but the session's source_media_content_type is ${contentType}.`,
            'source_media_chunk',
          );
        }
      }
      if (chunk.length > 0) onPcm(converter.convert(chunk));
    },
    end: async () => undefined,
    abort: () => undefined,
  };
}

export function pcmMs(pcm: Buffer): number {
  return pcm.length / RECOGNIZER_BYTES_PER_MS;
}
