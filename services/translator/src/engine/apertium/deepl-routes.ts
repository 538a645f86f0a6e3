// Maps installed Apertium modes onto DeepL language codes, and finds a route for a DeepL pair:
// a direct mode, or two modes through a third language: Spanish first (the hub most Debian pairs share,
// e.g. EN -> ES -> PT), then English, then any other (IS -> SV -> NB).
import type { LanguagePair } from '../engine.js';
import type { ModeInfo } from './mode-file.js';

/** Apertium base codes (ISO 639-3 in newer pairs, 639-1 in older ones) -> DeepL base codes. */
const APERTIUM_TO_DEEPL: Record<string, string> = {
  afr: 'AF',
  af: 'AF',
  arg: 'AN',
  an: 'AN',
  ara: 'AR',
  ar: 'AR',
  bel: 'BE',
  be: 'BE',
  br: 'BR',
  bre: 'BR',
  bul: 'BG',
  bg: 'BG',
  cat: 'CA',
  ca: 'CA',
  ces: 'CS',
  cs: 'CS',
  dan: 'DA',
  da: 'DA',
  deu: 'DE',
  de: 'DE',
  ell: 'EL',
  el: 'EL',
  eng: 'EN',
  en: 'EN',
  epo: 'EO',
  eo: 'EO',
  spa: 'ES',
  es: 'ES',
  eus: 'EU',
  eu: 'EU',
  fin: 'FI',
  fi: 'FI',
  fra: 'FR',
  fr: 'FR',
  glg: 'GL',
  gl: 'GL',
  hin: 'HI',
  hi: 'HI',
  ind: 'ID',
  id: 'ID',
  isl: 'IS',
  is: 'IS',
  ita: 'IT',
  it: 'IT',
  mkd: 'MK',
  mk: 'MK',
  zlm: 'MS',
  msa: 'MS',
  ms: 'MS',
  nob: 'NB',
  nb: 'NB',
  nld: 'NL',
  nl: 'NL',
  oci: 'OC',
  oc: 'OC',
  pol: 'PL',
  pl: 'PL',
  por: 'PT',
  pt: 'PT',
  ron: 'RO',
  ro: 'RO',
  rus: 'RU',
  ru: 'RU',
  slv: 'SL',
  sl: 'SL',
  swe: 'SV',
  sv: 'SV',
  ukr: 'UK',
  uk: 'UK',
  urd: 'UR',
  ur: 'UR',
  zho: 'ZH',
  zh: 'ZH',
};

/**
 * One Apertium language that is several DeepL languages: Serbo-Croatian (`hbs`) reads Croatian, Serbian
 * and Bosnian (in Latin script) alike, and writes each as its own target variant (`eng-hbs_HR`).
 */
const SOURCE_LANGUAGES: Record<string, string[]> = { hbs: ['HR', 'SR', 'BS'] };
const TARGET_LANGUAGES: Record<string, string> = { hbs_HR: 'HR', hbs_SR: 'SR', hbs_BS: 'BS' };

/** Apertium target variants that are DeepL target variants; other variants (`_valencia`) are not offered. */
const VARIANT_TARGETS: Record<string, string> = { 'EN:US': 'EN-US', 'PT:BR': 'PT-BR' };

/** DeepL target codes a plain (variant-less) mode serves, besides the base code itself. */
const PLAIN_TARGET_ALIASES: Record<string, string[]> = {
  EN: ['EN-GB'],
  PT: ['PT-PT'],
  ES: ['ES-419'],
  ZH: ['ZH-HANS'],
};

/** Variants a plain mode also serves when the pair has no dedicated variant mode. */
const FALLBACK_VARIANTS: Record<string, string> = { 'EN-US': 'EN', 'PT-BR': 'PT' };

/** The third languages tried, in order, before any other: Spanish, then English. */
export const PIVOT_LANGUAGES = ['ES', 'EN'];

export interface ModeRoute {
  /** Apertium codes as written in the mode name, one hop per mode. */
  hops: Array<{ source: string; target: string; mode: string }>;
}

interface MappedMode {
  mode: ModeInfo;
  /** DeepL source codes this mode reads (one, or several for `hbs`). */
  sources: string[];
  /** DeepL target codes this mode serves directly (base, aliases, or one variant). */
  targets: string[];
}

function mapMode(mode: ModeInfo): MappedMode | undefined {
  const single = APERTIUM_TO_DEEPL[mode.source];
  const sources = SOURCE_LANGUAGES[mode.source] ?? (single ? [single] : []);
  if (sources.length === 0 || mode.source.includes('_')) return undefined;
  const language = TARGET_LANGUAGES[mode.target];
  if (language) return { mode, sources, targets: [language] };
  const [targetBase = '', variant] = mode.target.split('_');
  const target = APERTIUM_TO_DEEPL[targetBase];
  if (!target || sources.includes(target)) return undefined;
  if (variant) {
    const deeplVariant = VARIANT_TARGETS[`${target}:${variant}`];
    return deeplVariant ? { mode, sources, targets: [deeplVariant] } : undefined;
  }
  return { mode, sources, targets: [target, ...(PLAIN_TARGET_ALIASES[target] ?? [])] };
}

export class DeepLRoutes {
  /** `SOURCE>TARGET` -> the mode serving it directly. */
  private readonly direct = new Map<string, ModeInfo>();

  /** Third languages a pivot may go through, in the order tried. */
  private readonly pivots: string[];

  /** Every DeepL pair with a route, found once (a few ms with Debian's ~50 modes: /readyz asks on every probe). */
  private listed: LanguagePair[] | undefined;

  constructor(modes: ModeInfo[]) {
    const mapped = modes.map(mapMode).filter((m): m is MappedMode => m !== undefined);
    for (const { mode, sources, targets } of mapped) {
      for (const source of sources) for (const target of targets) this.direct.set(`${source}>${target}`, mode);
    }
    // A pair without a dedicated variant mode serves the variant with its plain mode.
    for (const { mode, sources, targets } of mapped) {
      for (const source of sources) {
        for (const [variant, base] of Object.entries(FALLBACK_VARIANTS)) {
          if (targets.includes(base) && !this.direct.has(`${source}>${variant}`)) this.direct.set(`${source}>${variant}`, mode);
        }
      }
    }
    // A pivot is a language that is both read and written by some mode; Spanish and English first.
    const read = new Set(mapped.flatMap((m) => m.sources));
    const written = new Set(mapped.flatMap((m) => m.targets));
    const others = [...read].filter((code) => written.has(code) && !PIVOT_LANGUAGES.includes(code)).sort();
    this.pivots = [...PIVOT_LANGUAGES, ...others];
  }

  /** Every DeepL pair with a route; pivot pairs flagged. A copy each time: callers may change theirs. */
  pairs(): LanguagePair[] {
    this.listed ??= this.listPairs();
    return this.listed.map((pair) => ({ ...pair }));
  }

  private listPairs(): LanguagePair[] {
    const pairs: LanguagePair[] = [];
    const sources = new Set<string>();
    const targets = new Set<string>();
    for (const key of this.direct.keys()) {
      const [source = '', target = ''] = key.split('>');
      sources.add(source);
      targets.add(target);
      pairs.push({ source, target });
    }
    for (const source of sources) {
      for (const target of targets) {
        if (this.direct.has(`${source}>${target}`) || baseOf(target) === source) continue;
        if (this.route(source, target)) pairs.push({ source, target, pivot: true });
      }
    }
    return pairs.sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
  }

  /**
   * A direct mode, else source -> pivot -> target through the first pivot that has both modes (ES, EN,
   * then alphabetical); undefined when neither exists. Never from one Apertium language back into
   * itself (HR -> EN -> SR would only garble Serbo-Croatian).
   */
  route(source: string, target: string): ModeRoute | undefined {
    const direct = this.direct.get(`${source}>${target}`);
    if (direct) return { hops: [hop(direct)] };
    for (const pivot of this.pivots) {
      if (source === pivot || baseOf(target) === pivot) continue;
      const first = this.direct.get(`${source}>${pivot}`);
      const second = this.direct.get(`${pivot}>${target}`);
      if (first && second && apertiumBase(first.source) !== apertiumBase(second.target)) return { hops: [hop(first), hop(second)] };
    }
    return undefined;
  }
}

function hop(mode: ModeInfo) {
  return { source: mode.source, target: mode.target, mode: mode.name };
}

function apertiumBase(code: string): string {
  return code.split('_')[0]!;
}

export function baseOf(code: string): string {
  return code.split('-')[0]!;
}
