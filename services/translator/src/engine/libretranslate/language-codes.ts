// DeepL codes <-> LibreTranslate codes. LibreTranslate uses lower-case ISO 639-1 codes plus a few
// variants (`pt-BR`, `zh-Hans`, `zh-Hant`; older servers `zh` and `zt`); DeepL splits English and
// Portuguese targets into variants (`EN-GB`/`EN-US`, `PT-PT`/`PT-BR`) and names Chinese `ZH-HANS`/`ZH-HANT`.
import type { EngineLanguages, LanguagePair } from '../engine.js';

export interface LibreLanguage {
  code: string;
  name?: string;
  targets?: string[];
}

/** LibreTranslate codes to try for a DeepL code, best first. */
const CANDIDATES: Record<string, string[]> = {
  'EN-GB': ['en'],
  'EN-US': ['en'],
  PT: ['pt', 'pt-BR'],
  'PT-PT': ['pt'],
  'PT-BR': ['pt-BR', 'pt'],
  ZH: ['zh-Hans', 'zh'],
  'ZH-HANS': ['zh-Hans', 'zh'],
  'ZH-HANT': ['zh-Hant', 'zt'],
};

/**
 * The LibreTranslate code for a DeepL code, spelled as the server lists it; the first candidate
 * when the server lists none (it will then refuse the request itself).
 */
export function toLibreCode(deeplCode: string, listed: readonly string[]): string {
  const code = deeplCode.toUpperCase();
  const base = code.split('-')[0]!.toLowerCase();
  const candidates = CANDIDATES[code] ?? (code.includes('-') ? [code.toLowerCase(), base] : [base]);
  const byLowerCase = new Map(listed.map((item) => [item.toLowerCase(), item]));
  for (const candidate of candidates) {
    const found = byLowerCase.get(candidate.toLowerCase());
    if (found) return found;
  }
  return candidates[0]!;
}

/** Every code the server names, as a source or as a target. */
export function listedCodes(languages: readonly LibreLanguage[]): string[] {
  return [...new Set(languages.flatMap((language) => [language.code, ...(language.targets ?? [])]))];
}

/** GET /languages -> pairs in DeepL codes; LibreTranslate has no formality. */
export function libreLanguages(languages: readonly LibreLanguage[]): EngineLanguages {
  const listed = new Set(listedCodes(languages).map((code) => code.toLowerCase()));
  const seen = new Set<string>();
  const pairs: LanguagePair[] = [];
  for (const language of languages) {
    if (language.code.toLowerCase() === 'auto') continue;
    const source = deeplSource(language.code);
    for (const target of (language.targets ?? []).flatMap((code) => deeplTargets(code, listed))) {
      const key = `${source}>${target}`;
      if (target.split('-')[0] === source || seen.has(key)) continue;
      seen.add(key);
      pairs.push({ source, target });
    }
  }
  return { pairs, formalityTargets: [] };
}

function deeplSource(libreCode: string): string {
  const code = libreCode.toLowerCase();
  return code === 'zt' ? 'ZH' : code.split('-')[0]!.toUpperCase();
}

function deeplTargets(libreCode: string, listed: ReadonlySet<string>): string[] {
  switch (libreCode.toLowerCase()) {
    case 'en':
      return ['EN-GB', 'EN-US'];
    case 'pt':
      return listed.has('pt-br') ? ['PT-PT'] : ['PT-PT', 'PT-BR'];
    case 'pt-br':
      return ['PT-BR'];
    case 'zh':
    case 'zh-hans':
      return ['ZH-HANS'];
    case 'zh-hant':
    case 'zt':
      return ['ZH-HANT'];
    default:
      return [libreCode.toUpperCase()];
  }
}
