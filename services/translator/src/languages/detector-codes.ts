// DeepL base codes -> the ISO 639-1 codes of the detector package (eld 2.1, 60 languages).
const ELD_CODES: Readonly<Record<string, string>> = {
  AR: 'ar',
  AZ: 'az',
  BE: 'be',
  BG: 'bg',
  BN: 'bn',
  CA: 'ca',
  CS: 'cs',
  DA: 'da',
  DE: 'de',
  EL: 'el',
  EN: 'en',
  ES: 'es',
  ET: 'et',
  EU: 'eu',
  FA: 'fa',
  FI: 'fi',
  FR: 'fr',
  GU: 'gu',
  HE: 'he',
  HI: 'hi',
  HR: 'hr',
  HU: 'hu',
  HY: 'hy',
  IS: 'is',
  IT: 'it',
  JA: 'ja',
  KA: 'ka',
  KO: 'ko',
  LT: 'lt',
  LV: 'lv',
  ML: 'ml',
  MR: 'mr',
  MS: 'ms',
  NL: 'nl',
  PA: 'pa',
  PL: 'pl',
  PT: 'pt',
  RO: 'ro',
  RU: 'ru',
  SK: 'sk',
  SL: 'sl',
  SQ: 'sq',
  SR: 'sr',
  SV: 'sv',
  TA: 'ta',
  TE: 'te',
  TH: 'th',
  TL: 'tl',
  TR: 'tr',
  UK: 'uk',
  UR: 'ur',
  VI: 'vi',
  ZH: 'zh',
  NB: 'no',
  CKB: 'ku', // eld's Kurdish is the Arabic-script Sorani
};

// Languages eld lacks, whose text it scores as a close relative (measured in
// bench/translator/detector-comparison.ts): such a candidate takes its relative's score, and the
// word check of detect-language.ts tells the two apart (eld alone cannot: among [AF, NL] it says NL).
const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  GL: ['es', 'pt'],
  AF: ['nl'],
  ID: ['ms'],
  MK: ['bg'],
  BS: ['hr'],
  OC: ['ca', 'es', 'fr'],
  AN: ['es'],
  EO: ['es', 'it', 'pt'],
};

/** The eld codes whose score stands for the candidate: its own, else its relatives'. */
export function eldCodesOf(candidate: string): { own?: string; relatives: readonly string[] } {
  const code = candidate.toUpperCase();
  const own = ELD_CODES[code];
  return own !== undefined ? { own, relatives: [] } : { relatives: STAND_INS[code] ?? [] };
}

/** eld code -> the candidate it answers for. Candidates eld cannot name at all are left out. */
export function eldCodesFor(candidates: readonly string[]): Map<string, string> {
  const answers = new Map<string, string>();
  for (const candidate of candidates) {
    const code = ELD_CODES[candidate.toUpperCase()];
    if (code !== undefined && !answers.has(code)) answers.set(code, candidate);
  }
  for (const candidate of candidates) {
    for (const code of STAND_INS[candidate.toUpperCase()] ?? []) {
      if (!answers.has(code)) answers.set(code, candidate);
    }
  }
  return answers;
}
