// TMX (1.1-1.4) to a memory: the header's `srclang` (or, for `*all*`, the first unit's first variant)
// is the source language; every other variant of a unit is a translation. Inline codes that carry the
// original format's markup (`bpt`, `ept`, `ph`, `it`, `ut`) are dropped, `hi`/`sub` keep their text.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { memoryLanguage, mergeSegments, MemoryFileError, type ParsedMemory } from './parsed-memory.js';

interface Variant {
  seg?: unknown;
  'xml:lang'?: string;
  lang?: string;
}

interface Unit {
  tuv?: Variant[];
  srclang?: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // The segment's content stays raw: inline markup is handled here, not turned into objects.
  stopNodes: ['*.seg'],
  isArray: (name) => name === 'tu' || name === 'tuv',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  // No DOCTYPE entity expansion: a TMX needs none, and expansion is a way to blow up memory.
  processEntities: false,
});

const CODE_ELEMENTS = /<(bpt|ept|ph|it|ut)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g;
const ANY_TAG = /<[^>]+>/g;

export function parseTmx(text: string): ParsedMemory {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new MemoryFileError(
      `The TMX file is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}): ${valid.err.msg} Fix the file and import it again.`,
    );
  }
  const document = parser.parse(text) as { tmx?: { header?: { srclang?: string }; body?: { tu?: Unit[] } | string } };
  if (!document.tmx) throw new MemoryFileError('The file is XML but not TMX: its root element must be <tmx>.');
  const units = typeof document.tmx.body === 'object' ? (document.tmx.body.tu ?? []) : [];
  const declared = document.tmx.header?.srclang;
  const firstLang = units[0]?.tuv?.[0] && variantLanguage(units[0].tuv[0]);
  const sourceLang = declared && declared !== '*all*' ? memoryLanguage(declared) : firstLang;
  if (!sourceLang) {
    throw new MemoryFileError(
      `The TMX header must name the source language in 'srclang' (e.g. <header srclang="en" ...>); found '${declared ?? ''}'.`,
    );
  }
  let skipped = 0;
  const found: Array<{ source: string; targets: Array<[string, string]> }> = [];
  units.forEach((unit, index) => {
    const unitSource = unit.srclang && unit.srclang !== '*all*' ? memoryLanguage(unit.srclang) : sourceLang;
    let source: string | undefined;
    const targets: Array<[string, string]> = [];
    for (const variant of unit.tuv ?? []) {
      const language = variantLanguage(variant);
      if (!language) throw new MemoryFileError(`Translation unit ${index + 1} has a <tuv> without a valid xml:lang attribute.`);
      const segment = segmentText(variant.seg);
      if (segment === '') continue;
      if (language === unitSource) source ??= segment;
      else targets.push([language, segment]);
    }
    if (unitSource !== sourceLang || source === undefined || targets.length === 0) skipped++;
    else found.push({ source, targets });
  });
  return { sourceLang, segments: mergeSegments(sourceLang, found), skipped };
}

function variantLanguage(variant: Variant): string | undefined {
  return memoryLanguage(variant['xml:lang'] ?? variant.lang);
}

function segmentText(seg: unknown): string {
  if (typeof seg !== 'string') return '';
  return decodeEntities(seg.replace(CODE_ELEMENTS, '').replace(ANY_TAG, '')).trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower]!;
  });
}
