// The espeak-ng voice behind each language translated speech is offered in (DeepL codes, upper-case),
// and the variants that make it male or female. espeak-ng's own voices are male; its `+fN` variants
// raise them to a female register, so every language has both.

/** DeepL target code -> espeak-ng voice (`espeak-ng --voices` lists them). */
export const ESPEAK_VOICES: Readonly<Record<string, string>> = {
  AR: 'ar',
  BG: 'bg',
  BN: 'bn',
  CA: 'ca',
  CS: 'cs',
  DA: 'da',
  DE: 'de',
  EL: 'el',
  EN: 'en-us',
  'EN-GB': 'en-gb',
  'EN-US': 'en-us',
  ES: 'es',
  ET: 'et',
  EU: 'eu',
  FI: 'fi',
  FR: 'fr-fr',
  GA: 'ga',
  HE: 'he',
  HR: 'hr',
  HU: 'hu',
  ID: 'id',
  IT: 'it',
  JA: 'ja',
  KO: 'ko',
  LT: 'lt',
  LV: 'lv',
  MK: 'mk',
  MS: 'ms',
  MT: 'mt',
  NB: 'nb',
  NL: 'nl',
  PL: 'pl',
  PT: 'pt',
  'PT-BR': 'pt-br',
  'PT-PT': 'pt',
  RO: 'ro',
  RU: 'ru',
  SK: 'sk',
  SL: 'sl',
  SV: 'sv',
  TH: 'th',
  TR: 'tr',
  UK: 'uk',
  VI: 'vi',
  // Mandarin for both scripts: espeak-ng reads traditional characters too.
  ZH: 'cmn',
  'ZH-HANS': 'cmn',
  'ZH-HANT': 'cmn',
};

export type SpeechVoice = 'male' | 'female';
export const SPEECH_VOICES: readonly SpeechVoice[] = ['male', 'female'];

/** Without target_media_voice: DeepL says the default is language dependent; here it is the female one everywhere. */
export const DEFAULT_SPEECH_VOICE: SpeechVoice = 'female';

const VARIANTS: Record<SpeechVoice, string> = { male: 'm3', female: 'f3' };

/** The `-v` argument of espeak-ng for a language and voice, or undefined when no voice speaks it. */
export function espeakVoiceFor(language: string, voice: SpeechVoice = DEFAULT_SPEECH_VOICE): string | undefined {
  const code = language.toUpperCase();
  const base = ESPEAK_VOICES[code] ?? ESPEAK_VOICES[code.split('-')[0]!];
  return base === undefined ? undefined : `${base}+${VARIANTS[voice]}`;
}

export interface LanguageVoices {
  language: string;
  espeakVoice: string;
  voices: readonly SpeechVoice[];
}

/** Every language translated speech is offered in, with its voices. */
export function speechVoices(): LanguageVoices[] {
  return Object.entries(ESPEAK_VOICES).map(([language, espeakVoice]) => ({ language, espeakVoice, voices: SPEECH_VOICES }));
}
