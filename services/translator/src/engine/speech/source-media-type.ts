// DeepL's source_media_content_type values (VoiceSourceMediaContentType in its OpenAPI document): what
// each means for decoding. Spaces and case are not significant (`audio/ogg; codecs=opus` is accepted).
import { TranslatorError } from '../../domain/translator-error.js';

export type SourceMediaType =
  | { kind: 'pcm'; contentType: string; encoding: 's16le' | 'alaw' | 'ulaw'; rate: number }
  /** `format` is ffmpeg's demuxer name; absent for audio/auto, which ffmpeg probes. */
  | { kind: 'container'; contentType: string; format?: string };

const CONTAINERS: Record<string, { format?: string; codecs: string[] }> = {
  'audio/auto': { codecs: [] },
  'audio/flac': { format: 'flac', codecs: [] },
  'audio/mpeg': { format: 'mp3', codecs: [] },
  'audio/ogg': { format: 'ogg', codecs: ['flac', 'opus'] },
  'audio/webm': { format: 'matroska', codecs: ['opus'] },
  'audio/x-matroska': { format: 'matroska', codecs: ['aac', 'flac', 'mp3', 'opus'] },
};
const PCM_RATES: Record<string, number[]> = { s16le: [8000, 16000, 44100, 48000], alaw: [8000], ulaw: [8000] };

export const SUPPORTED_SOURCE_MEDIA_TYPES = [
  ...Object.entries(CONTAINERS).flatMap(([type, { codecs }]) => [type, ...codecs.map((codec) => `${type};codecs=${codec}`)]),
  ...Object.entries(PCM_RATES).flatMap(([encoding, rates]) => rates.map((rate) => `audio/pcm;encoding=${encoding};rate=${rate}`)),
];

/** The problem with a content type, in words a client can act on; undefined when it is supported. */
export function sourceMediaTypeProblem(contentType: string): string | undefined {
  try {
    parseSourceMediaType(contentType);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Parses a source_media_content_type; TranslatorError (400) naming the supported values otherwise. */
export function parseSourceMediaType(contentType: string): SourceMediaType {
  const [type = '', ...rest] = contentType
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  const params = new Map<string, string>();
  for (const part of rest) {
    const [name, value] = part.split('=').map((piece) => piece.trim());
    if (!name || !value || params.has(name)) return refuse(contentType, `'${part}' is not a name=value parameter given once`);
    params.set(name, value);
  }
  if (type === 'audio/pcm') return parsePcm(contentType, params);
  const container = CONTAINERS[type];
  if (!container) return refuse(contentType, `'${type}' is not a supported audio type`);
  for (const name of params.keys()) if (name !== 'codecs') return refuse(contentType, `${type} takes no '${name}' parameter`);
  const codec = params.get('codecs');
  if (codec !== undefined && !container.codecs.includes(codec))
    return refuse(contentType, `${type} is supported with codecs ${container.codecs.join(', ') || '(none)'}, not '${codec}'`);
  return { kind: 'container', contentType, ...(container.format ? { format: container.format } : {}) };
}

function parsePcm(contentType: string, params: Map<string, string>): SourceMediaType {
  const encoding = params.get('encoding');
  const rate = Number(params.get('rate'));
  for (const name of params.keys())
    if (name !== 'encoding' && name !== 'rate') return refuse(contentType, `audio/pcm takes no '${name}' parameter`);
  if (encoding !== 's16le' && encoding !== 'alaw' && encoding !== 'ulaw')
    return refuse(contentType, 'audio/pcm needs encoding=s16le, alaw or ulaw');
  if (!PCM_RATES[encoding]!.includes(rate))
    return refuse(contentType, `audio/pcm;encoding=${encoding} needs rate=${PCM_RATES[encoding]!.join(', ')}`);
  return { kind: 'pcm', contentType, encoding, rate };
}

function refuse(contentType: string, why: string): never {
  throw new TranslatorError(
    'BAD_REQUEST',
    `Value for 'source_media_content_type' not supported: '${contentType}': ${why}. Supported: ${SUPPORTED_SOURCE_MEDIA_TYPES.join(', ')}.`,
  );
}
