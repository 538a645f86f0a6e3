// Maps installed Apertium modes onto DeepL language codes, and finds a route for a DeepL pair:
// a direct mode, or two modes through Spanish (the hub most Debian pairs share, e.g. EN -> ES -> PT).
import type { LanguagePair } from '../engine.js';
import type { ModeInfo } from './mode-file.js';

/** Apertium base codes (ISO 639-3 in newer pairs, 639-1 in older ones) -> DeepL base codes. */
const APERTIUM_TO_DEEPL: Record<string, string> = {
  afr: 'AF',
  af: 'AF',
  ara: 'AR',
  ar: 'AR',
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
  zho: 'ZH',
  zh: 'ZH',
};

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

export const PIVOT_LANGUAGE = 'ES';

export interface ModeRoute {
  /** Apertium codes as written in the mode name, one hop per mode. */
  hops: Array<{ source: string; target: string; mode: string }>;
}

interface MappedMode {
  mode: ModeInfo;
  source: string;
  /** DeepL target codes this mode serves directly (base, aliases, or one variant). */
  targets: string[];
}

function mapMode(mode: ModeInfo): MappedMode | undefined {
  const source = APERTIUM_TO_DEEPL[mode.source];
  const [targetBase = '', variant] = mode.target.split('_');
  const target = APERTIUM_TO_DEEPL[targetBase];
  if (!source || !target || source === target || mode.source.includes('_')) return undefined;
  if (variant) {
    const deeplVariant = VARIANT_TARGETS[`${target}:${variant}`];
    return deeplVariant ? { mode, source, targets: [deeplVariant] } : undefined;
  }
  return { mode, source, targets: [target, ...(PLAIN_TARGET_ALIASES[target] ?? [])] };
}

export class DeepLRoutes {
  /** `SOURCE>TARGET` -> the mode serving it directly. */
  private readonly direct = new Map<string, ModeInfo>();

  constructor(modes: ModeInfo[]) {
    const mapped = modes.map(mapMode).filter((m): m is MappedMode => m !== undefined);
    for (const { mode, source, targets } of mapped) {
      for (const target of targets) this.direct.set(`${source}>${target}`, mode);
    }
    // A pair without a dedicated variant mode serves the variant with its plain mode.
    for (const { mode, source, targets } of mapped) {
      for (const [variant, base] of Object.entries(FALLBACK_VARIANTS)) {
        if (targets.includes(base) && !this.direct.has(`${source}>${variant}`)) this.direct.set(`${source}>${variant}`, mode);
      }
    }
  }

  /** Every DeepL pair with a route; pivot pairs flagged. */
  pairs(): LanguagePair[] {
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

  /** A direct mode, else source -> ES -> target; undefined when neither exists. */
  route(source: string, target: string): ModeRoute | undefined {
    const direct = this.direct.get(`${source}>${target}`);
    if (direct) return { hops: [hop(direct)] };
    if (source === PIVOT_LANGUAGE || baseOf(target) === PIVOT_LANGUAGE) return undefined;
    const first = this.direct.get(`${source}>${PIVOT_LANGUAGE}`);
    const second = this.direct.get(`${PIVOT_LANGUAGE}>${target}`);
    return first && second ? { hops: [hop(first), hop(second)] } : undefined;
  }
}

function hop(mode: ModeInfo) {
  return { source: mode.source, target: mode.target, mode: mode.name };
}

export function baseOf(code: string): string {
  return code.split('-')[0]!;
}
