// POST /v3/voice/realtime's body, as DeepL's OpenAPI document (v3.11.0) defines it: every field, its enum,
// and DeepL's limits (5 targets, 1 translated-speech target). Errors name the field and what to send.
import { z } from 'zod';

export const SOURCE_MEDIA_CONTENT_TYPES = [
  'audio/auto',
  'audio/flac',
  'audio/mpeg',
  'audio/ogg',
  'audio/webm',
  'audio/x-matroska',
  'audio/ogg;codecs=flac',
  'audio/ogg;codecs=opus',
  'audio/pcm;encoding=alaw;rate=8000',
  'audio/pcm;encoding=ulaw;rate=8000',
  'audio/pcm;encoding=s16le;rate=8000',
  'audio/pcm;encoding=s16le;rate=16000',
  'audio/pcm;encoding=s16le;rate=44100',
  'audio/pcm;encoding=s16le;rate=48000',
  'audio/webm;codecs=opus',
  'audio/x-matroska;codecs=aac',
  'audio/x-matroska;codecs=flac',
  'audio/x-matroska;codecs=mp3',
  'audio/x-matroska;codecs=opus',
] as const;

export const TARGET_MEDIA_CONTENT_TYPES = [
  'audio/flac',
  'video/mp2t;codecs=aac',
  'video/mp2t;codecs=opus',
  'audio/ogg',
  'audio/ogg;codecs=flac',
  'audio/ogg;codecs=opus',
  'audio/opus',
  'audio/pcm;encoding=alaw;rate=8000',
  'audio/pcm;encoding=ulaw;rate=8000',
  'audio/pcm;encoding=s16le;rate=16000',
  'audio/pcm;encoding=s16le;rate=24000',
  'audio/webm',
  'audio/webm;codecs=opus',
  'audio/x-matroska;codecs=aac',
  'audio/x-matroska;codecs=flac',
  'audio/x-matroska;codecs=opus',
] as const;

const SOURCE_LANGUAGES =
  'ar bg bn cs da de el en es et fi fr ga he hr hu id it ja ko lt lv mt nb nl pl pt ro ru sk sl sv th tl tr uk vi zh'.split(' ');
const TARGET_LANGUAGES = [...SOURCE_LANGUAGES, 'en-GB', 'en-US', 'pt-BR', 'pt-PT', 'zh-HANS', 'zh-HANT'];
const TARGET_MEDIA_LANGUAGES =
  'ar bg cs da de el en en-GB en-US es fi fr hu id it ja ko nb nl pl pt pt-BR pt-PT ro ru sk sv tr uk vi zh zh-HANS zh-HANT'.split(' ');
export const MAX_TARGETS = 5;

/** `audio/pcm; encoding=s16le; rate=16000` and `audio/PCM;encoding=s16le;rate=16000` are the same type. */
export function normalizeContentType(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '').replace(/;$/, '');
}

/** DeepL's tags are case-insensitive (`zh-Hans`, `ZH-HANS`); kept as DeepL's enum spells them. */
function languageTag(field: string, allowed: string[]) {
  const byLower = new Map(allowed.map((tag) => [tag.toLowerCase(), tag]));
  return z.string({ error: `Value for '${field}' must be a string.` }).transform((value, ctx) => {
    const tag = byLower.get(value.toLowerCase());
    if (tag === undefined) {
      ctx.addIssue({ code: 'custom', message: `Value for '${field}' not supported: '${value}'. Use one of: ${allowed.join(', ')}.` });
      return z.NEVER;
    }
    return tag;
  });
}

function contentType<T extends readonly string[]>(field: string, allowed: T) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `Parameter '${field}' not specified.` : `Value for '${field}' must be a string.`),
    })
    .transform((value, ctx) => {
      const normalized = normalizeContentType(value);
      if (!(allowed as readonly string[]).includes(normalized)) {
        ctx.addIssue({ code: 'custom', message: `Value for '${field}' not supported: '${value}'. Use one of: ${allowed.join(', ')}.` });
        return z.NEVER;
      }
      return normalized as T[number];
    });
}

function oneOf<T extends string>(field: string, values: readonly [T, ...T[]]) {
  return z.enum(values, { error: `Value for '${field}' must be one of: ${values.join(', ')}.` });
}

function languageList(field: string, allowed: string[], max: number) {
  return z
    .array(languageTag(field, allowed), { error: `Value for '${field}' must be an array of language codes.` })
    .max(max, { error: `Too many '${field}': at most ${max}.` });
}

export const VoiceSessionRequest = z
  .object(
    {
      source_media_content_type: contentType('source_media_content_type', SOURCE_MEDIA_CONTENT_TYPES),
      message_format: oneOf('message_format', ['json', 'msgpack']).default('json'),
      source_language: z.union([z.null(), languageTag('source_language', SOURCE_LANGUAGES)]).optional(),
      source_language_mode: oneOf('source_language_mode', ['auto', 'fixed']).default('auto'),
      target_languages: languageList('target_languages', TARGET_LANGUAGES, MAX_TARGETS).default([]),
      target_media_languages: languageList('target_media_languages', TARGET_MEDIA_LANGUAGES, 1).default([]),
      target_media_content_type: contentType('target_media_content_type', TARGET_MEDIA_CONTENT_TYPES).optional(),
      target_media_voice: oneOf('target_media_voice', ['male', 'female']).optional(),
      spoken_terms_id: z.uuid({ error: "Value for 'spoken_terms_id' must be the id (a UUID) of a spoken terms collection." }).optional(),
      glossary_id: z.string({ error: "Value for 'glossary_id' must be a string." }).min(1).optional(),
      formality: oneOf('formality', ['default', 'formal', 'more', 'informal', 'less']).default('default'),
    },
    // Fields DeepL may add later are ignored, as the text routes ignore unknown parameters.
    { error: 'The body must be a JSON object with source_media_content_type.' },
  )
  .transform((request, ctx) => {
    // Translated-speech languages are added to the text targets, as DeepL does; the sum stays within 5.
    const lower = new Set(request.target_languages.map((tag) => tag.toLowerCase()));
    const targets = [...request.target_languages, ...request.target_media_languages.filter((tag) => !lower.has(tag.toLowerCase()))];
    if (new Set(targets.map((tag) => tag.toLowerCase())).size !== targets.length) {
      ctx.addIssue({ code: 'custom', message: "Value for 'target_languages' lists a language twice." });
    }
    if (targets.length > MAX_TARGETS) {
      ctx.addIssue({
        code: 'custom',
        message: `Too many targets: at most ${MAX_TARGETS} per session, translated-speech targets included.`,
      });
    }
    return { ...request, target_languages: targets };
  });
export type VoiceSessionRequest = z.infer<typeof VoiceSessionRequest>;
