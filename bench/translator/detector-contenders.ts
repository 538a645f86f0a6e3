// The detectors under comparison, each wrapped to answer in DeepL base codes and restricted to the
// candidate languages the way the service would restrict it, with what loading it costs.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Contender {
  name: string;
  version: string;
  /** The candidates (DeepL codes) this detector can name at all. */
  supported: string[];
  /** Best candidate (DeepL code) for the text, or undefined when the detector gives up. */
  detect(text: string): string | undefined;
  loadMs: number;
  heapMb: number;
}

const ISO_639_3: Record<string, string> = {
  EN: 'eng',
  ES: 'spa',
  CA: 'cat',
  PT: 'por',
  FR: 'fra',
  IT: 'ita',
  RO: 'ron',
  GL: 'glg',
  EU: 'eus',
  RU: 'rus',
  UK: 'ukr',
  SV: 'swe',
  DA: 'dan',
  AF: 'afr',
  NL: 'nld',
  ID: 'ind',
  MS: 'zlm',
  MK: 'mkd',
  BG: 'bul',
  EO: 'epo',
  NB: 'nob',
  IS: 'isl',
  SL: 'slv',
  HR: 'hrv',
  SR: 'srp',
  BE: 'bel',
  HI: 'hin',
  UR: 'urd',
};
// eld, tinyld and cld3 spell Norwegian Bokmål with the macrolanguage's code.
const iso6391 = (code: string): string => (code === 'NB' ? 'no' : code.toLowerCase());
const iso6393 = (code: string): string => ISO_639_3[code] ?? '';

// The heap a detector keeps is part of its price, and only a forced collection makes it measurable.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function measuredImport<T>(specifier: string): Promise<{ module: T; loadMs: number; heapMb: number }> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const module = (await import(specifier)) as T;
  const loadMs = performance.now() - start;
  collectGarbage();
  return { module, loadMs, heapMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20 };
}

async function versionOf(pkg: string): Promise<string> {
  const path = new URL(`../node_modules/${pkg}/package.json`, import.meta.url);
  return (JSON.parse(await readFile(path, 'utf8')) as { version: string }).version;
}

function reverseLookup(toOwnCode: (code: string) => string, codes: string[]): Map<string, string> {
  return new Map(codes.map((code) => [toOwnCode(code), code]));
}

type FrancModule = typeof import('franc');

async function franc(pkg: 'franc' | 'franc-min', candidates: string[]): Promise<Contender> {
  const { module, ...cost } = await measuredImport<FrancModule>(pkg);
  const { data } = (await import(`${pkg}/data.js`)) as { data: Record<string, Record<string, string>> };
  const known = new Set(Object.values(data).flatMap((languages) => Object.keys(languages)));
  const supported = candidates.filter((code) => known.has(iso6393(code)));
  const only = supported.map(iso6393);
  const toDeepL = reverseLookup(iso6393, supported);
  return {
    name: pkg,
    version: await versionOf(pkg),
    supported,
    ...cost,
    detect: (text) => toDeepL.get(module.francAll(text, { only, minLength: 1 })[0]![0]),
  };
}

type TinyldModule = typeof import('tinyld');

async function tinyld(entry: 'tinyld' | 'tinyld/heavy', candidates: string[]): Promise<Contender> {
  const { module, ...cost } = await measuredImport<TinyldModule>(entry);
  const known = new Set(module.supportedLanguages);
  const supported = candidates.filter((code) => known.has(iso6393(code)));
  const only = supported.map(iso6391);
  const toDeepL = reverseLookup(iso6391, supported);
  return {
    name: entry,
    version: await versionOf('tinyld'),
    supported,
    ...cost,
    detect: (text) => toDeepL.get(module.detectAll(text, { only })[0]?.lang ?? ''),
  };
}

type EldModule = typeof import('eld');

async function eld(size: 'extrasmall' | 'small' | 'medium' | 'large', candidates: string[]): Promise<Contender> {
  const { module, ...cost } = await measuredImport<EldModule>(`eld/${size}`);
  const detector = module.eld.newInstance();
  const subset = detector.setLanguageSubset(candidates.map(iso6391));
  const eldCodes = new Set(Object.values(subset));
  const supported = candidates.filter((code) => eldCodes.has(iso6391(code)));
  const toDeepL = reverseLookup(iso6391, supported);
  return {
    name: `eld/${size}`,
    version: await versionOf('eld'),
    supported,
    ...cost,
    detect: (text) => toDeepL.get(detector.detect(text).language),
  };
}

type LandeModule = { default: (text: string) => Array<[string, number]> };

/** lande scores all its 50 languages; the restriction keeps the best-scoring candidate. */
async function lande(candidates: string[]): Promise<Contender> {
  const { module, ...cost } = await measuredImport<LandeModule>('lande');
  const known = new Set(module.default('hello').map(([code]) => code));
  const supported = candidates.filter((code) => known.has(iso6393(code)));
  const toDeepL = reverseLookup(iso6393, supported);
  return {
    name: 'lande',
    version: await versionOf('lande'),
    supported,
    ...cost,
    detect: (text) => {
      for (const [code] of module.default(text)) {
        const answer = toDeepL.get(code);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
  };
}

type Cld3Module = typeof import('cld3-asm');
// The languages of cld3-asm 4.0's model that have DeepL codes or stand in for them.
const CLD3_CODES = new Set(
  'af ar az be bg bn ca cs da de el en eo es et eu fa fi fr ga gl hi hr hu hy id is it ja ka ko lt lv mk ms mt nl no pl pt ro ru sk sl sq sr sv th tr uk vi zh'.split(
    ' ',
  ),
);

// cld3's API answers its single best language among all 107 and cannot be restricted: an answer
// outside the candidates counts as a miss. Its default 140-byte minimum is lowered to 0 so that
// it answers short strings at all.
async function cld3(candidates: string[]): Promise<Contender> {
  const { module, ...cost } = await measuredImport<Cld3Module>('cld3-asm');
  const start = performance.now();
  const identifier = (await module.loadModule()).create(0, 1000);
  const loadMs = cost.loadMs + performance.now() - start;
  const supported = candidates.filter((code) => CLD3_CODES.has(iso6391(code)));
  const toDeepL = reverseLookup(iso6391, supported);
  return {
    name: 'cld3-asm',
    version: await versionOf('cld3-asm'),
    supported,
    ...cost,
    loadMs,
    detect: (text) => toDeepL.get(identifier.findLanguage(text).language),
  };
}

/** Loaded one after the other so that each import's time and heap are its own. */
export async function loadContenders(candidates: string[]): Promise<Contender[]> {
  return [
    await franc('franc-min', candidates),
    await franc('franc', candidates),
    await tinyld('tinyld', candidates),
    await tinyld('tinyld/heavy', candidates),
    await eld('extrasmall', candidates),
    await eld('small', candidates),
    await eld('medium', candidates),
    await eld('large', candidates),
    await lande(candidates),
    await cld3(candidates),
  ];
}
