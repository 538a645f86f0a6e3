// English names as DeepL's /v2/languages writes them; variants spelled DeepL's way, the rest from ICU.
const VARIANT_NAMES: Record<string, string> = {
  'EN-GB': 'English (British)',
  'EN-US': 'English (American)',
  'ES-419': 'Spanish (Latin American)',
  'PT-BR': 'Portuguese (Brazilian)',
  'PT-PT': 'Portuguese (European)',
  'ZH-HANS': 'Chinese (simplified)',
  'ZH-HANT': 'Chinese (traditional)',
};

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

export function languageName(code: string): string {
  return VARIANT_NAMES[code] ?? displayNames.of(code.toLowerCase()) ?? code;
}
