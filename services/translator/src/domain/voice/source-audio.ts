// A session's source audio: each chunk checked against DeepL's limits (100 KB, one second, whole PCM
// frames, the session's format) and turned into the recognizer's PCM.
import { RECOGNIZER_BYTES_PER_MS } from '../../engine/speech/speech-recognizer.js';
import { PcmConverter, pcmDurationMs, pcmLayout } from './pcm-source.js';
import { VoiceSessionError } from './voice-errors.js';

export const MAX_CHUNK_BYTES = 100 * 1024;
export const MAX_CHUNK_MS = 1000;

export interface SourceAudio {
  /** Checks the chunk and hands its PCM to `onPcm`; throws VoiceSessionError for a chunk DeepL refuses. */
  write(chunk: Buffer): void;
  /** Resolves once every PCM byte of the audio written has been handed on. */
  end(): Promise<void>;
  /** Stops at once (the decoder process, if any, is gone when this returns). */
  abort(): void;
}

/** Content types this service decodes: every PCM variant here; compressed ones once a decoder serves them. */
export function decodesSourceType(contentType: string): boolean {
  return pcmLayout(contentType) !== undefined;
}

// The first bytes of the containers a client might send by mistake instead of raw PCM.
const CONTAINER_SIGNATURES: Array<[string, Buffer]> = [
  ['WAV (RIFF)', Buffer.from('RIFF')],
  ['Ogg', Buffer.from('OggS')],
  ['FLAC', Buffer.from('fLaC')],
  ['MP3 (ID3)', Buffer.from('ID3')],
  ['WebM/Matroska', Buffer.from([0x1a, 0x45, 0xdf, 0xa3])],
];

export function openSourceAudio(contentType: string, onPcm: (pcm: Buffer) => void): SourceAudio {
  const layout = pcmLayout(contentType);
  if (!layout)
    throw new VoiceSessionError('audio_format', `Audio format not supported: ${contentType} cannot be decoded here.`, 'source_media_chunk');
  const converter = new PcmConverter(layout);
  let first = true;
  return {
    write(chunk) {
      if (chunk.length > MAX_CHUNK_BYTES) {
        throw new VoiceSessionError(
          'chunk_too_large',
          `Audio chunk too large: ${chunk.length} bytes; send at most 100 KB (recommended: 50-250 ms of audio).`,
          'source_media_chunk',
        );
      }
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
