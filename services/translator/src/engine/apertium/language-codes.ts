// Apertium names pairs with ISO 639-3 codes (`eng-spa`) in newer packages and 639-1 (`es-pt`) in older
// ones; callers may use either, so both spellings resolve to the installed mode.
const ISO_639_1_TO_3: Record<string, string> = {
  ar: 'ara',
  ca: 'cat',
  cs: 'ces',
  da: 'dan',
  de: 'deu',
  el: 'ell',
  en: 'eng',
  eo: 'epo',
  es: 'spa',
  eu: 'eus',
  fi: 'fin',
  fr: 'fra',
  gl: 'glg',
  it: 'ita',
  ja: 'jpn',
  nb: 'nob',
  nl: 'nld',
  nn: 'nno',
  oc: 'oci',
  pl: 'pol',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  sv: 'swe',
  uk: 'ukr',
  zh: 'zho',
};
const ISO_639_3_TO_1 = Object.fromEntries(Object.entries(ISO_639_1_TO_3).map(([two, three]) => [three, two]));

/** The spellings of one code, the given one first; a variant suffix (`_US`) is kept on each. */
export function codeSpellings(code: string): string[] {
  const [base = '', ...variant] = code.split('_');
  const suffix = variant.length ? `_${variant.join('_')}` : '';
  const other = ISO_639_1_TO_3[base] ?? ISO_639_3_TO_1[base];
  return other ? [code, other + suffix] : [code];
}
