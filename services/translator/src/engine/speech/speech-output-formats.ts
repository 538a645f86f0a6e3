// The audio formats translated speech is written in: DeepL's target_media_content_type values (voice
// sessions) and the audio `type`s of voice job targets, each as the ffmpeg output arguments that write it.
// Compressed formats are encoded at 24 kHz (Opus at 32 kbit/s, AAC at 70 kbit/s), as DeepL's table says.

interface OutputFormat {
  /** Sample rate the PCM is resampled to. */
  rate: number;
  /** ffmpeg's codec and muxer arguments. */
  args: string[];
}

const OPUS = ['-c:a', 'libopus', '-b:a', '32k'];
const AAC = ['-c:a', 'aac', '-b:a', '70k'];

// `audio/opus` has no container in DeepL's table; raw Opus packets cannot be framed without one, so it is
// Ogg Opus (RFC 7845), which is what Opus decoders read.
const FORMATS: Readonly<Record<string, OutputFormat>> = {
  'audio/pcm;encoding=s16le;rate=16000': { rate: 16_000, args: ['-c:a', 'pcm_s16le', '-f', 's16le'] },
  'audio/pcm;encoding=s16le;rate=24000': { rate: 24_000, args: ['-c:a', 'pcm_s16le', '-f', 's16le'] },
  'audio/pcm;encoding=ulaw;rate=8000': { rate: 8000, args: ['-c:a', 'pcm_mulaw', '-f', 'mulaw'] },
  'audio/pcm;encoding=alaw;rate=8000': { rate: 8000, args: ['-c:a', 'pcm_alaw', '-f', 'alaw'] },
  'audio/opus': { rate: 24_000, args: [...OPUS, '-f', 'ogg'] },
  'audio/flac': { rate: 24_000, args: ['-c:a', 'flac', '-f', 'flac'] },
  'audio/ogg': { rate: 24_000, args: [...OPUS, '-f', 'ogg'] },
  'audio/ogg;codecs=opus': { rate: 24_000, args: [...OPUS, '-f', 'ogg'] },
  'audio/ogg;codecs=flac': { rate: 24_000, args: ['-c:a', 'flac', '-f', 'ogg'] },
  'audio/webm': { rate: 24_000, args: [...OPUS, '-f', 'webm'] },
  'audio/webm;codecs=opus': { rate: 24_000, args: [...OPUS, '-f', 'webm'] },
  'audio/x-matroska;codecs=aac': { rate: 24_000, args: [...AAC, '-f', 'matroska'] },
  'audio/x-matroska;codecs=flac': { rate: 24_000, args: ['-c:a', 'flac', '-f', 'matroska'] },
  'audio/x-matroska;codecs=opus': { rate: 24_000, args: [...OPUS, '-f', 'matroska'] },
  'audio/x-matroska;codecs=pcm_s16le;rate=16000': { rate: 16_000, args: ['-c:a', 'pcm_s16le', '-f', 'matroska'] },
  'audio/x-matroska;codecs=pcm_s16le;rate=24000': { rate: 24_000, args: ['-c:a', 'pcm_s16le', '-f', 'matroska'] },
  'video/mp2t;codecs=aac': { rate: 24_000, args: [...AAC, '-f', 'mpegts'] },
  'video/mp2t;codecs=opus': { rate: 24_000, args: [...OPUS, '-f', 'mpegts'] },
};

/** The content types translated speech is written in, as DeepL spells them. */
export const SPEECH_CONTENT_TYPES: readonly string[] = Object.keys(FORMATS);

/** DeepL's session default for target_media_content_type. */
export const DEFAULT_SPEECH_CONTENT_TYPE = 'audio/webm;codecs=opus';

/** `audio/pcm; encoding=s16le; rate=16000` and `audio/pcm;encoding=s16le;rate=16000` are one type. */
export function normalizeContentType(contentType: string): string {
  return contentType
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .join(';');
}

export function outputFormatOf(contentType: string): OutputFormat | undefined {
  return FORMATS[normalizeContentType(contentType)];
}

export function isSpeechContentType(contentType: string): boolean {
  return outputFormatOf(contentType) !== undefined;
}
