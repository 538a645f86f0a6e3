// XLIFF 1.2 and 2.x: each <source> is a segment and its translation goes into the <target> next to it
// (replacing one that is there, added after the source otherwise); the target language is set on the
// file (1.2 `target-language`, 2.x `trgLang`). Inline codes stay in place; those that hold native
// code (1.2 bpt/ept/ph/it, 2.x originalData) are never translated.
import { type DocumentFormat, type ExtractedDocument, UnreadableDocument } from './document-format.js';
import { segmentMarkup } from './markup-segments.js';

const SOURCE = /<source(\s[^>]*)?>([\s\S]*?)<\/source>(\s*<target(?:\s[^>]*?)?(?:\/>|>[\s\S]*?<\/target>))?/g;
const INLINE_RULES = { boundaries: new Set<string>(), opaque: new Set(['bpt', 'ept', 'ph', 'it', 'sub']) };

export const XLIFF: DocumentFormat = {
  name: 'xlf',
  contentType: 'application/xliff+xml; charset=utf-8',
  extract(input, info): ExtractedDocument {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      throw new UnreadableDocument('The xliff file is not valid UTF-8 text.');
    }
    const version = /<xliff\b[^>]*\bversion\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
    if (!version) throw new UnreadableDocument('The file is not XLIFF: no <xliff version="..."> root element.');
    if (!/^(1\.2|2\.[01])$/.test(version)) throw new UnreadableDocument(`XLIFF version ${version} is not supported; 1.2, 2.0 and 2.1 are.`);
    const units = [...text.matchAll(SOURCE)].map((match) => ({
      match,
      inner: segmentMarkup(match[2]!, INLINE_RULES),
    }));
    return {
      segments: units.flatMap((unit) => unit.inner.segments),
      rebuild(translated) {
        let output = '';
        let last = 0;
        let offset = 0;
        for (const { match, inner } of units) {
          const count = inner.segments.length;
          const target = inner.rebuild(translated.slice(offset, offset + count));
          offset += count;
          const indent = /^\s*/.exec(match[3] ?? '')?.[0] || ' ';
          const targetOpen = /<target(\s[^>]*?)?\/?>/.exec(match[3] ?? '')?.[1] ?? '';
          output += text.slice(last, match.index);
          output += `<source${match[1] ?? ''}>${match[2]}</source>${indent}<target${targetOpen.replace(/\s*\/$/, '')}>${target}</target>`;
          last = match.index + match[0].length;
        }
        output += text.slice(last);
        return Buffer.from(withTargetLanguage(output, version, xliffLanguage(info.targetLang)), 'utf8');
      },
    };
  },
};

/** `ES` -> `es`, `EN-US` -> `en-US` (BCP 47, as XLIFF writes languages). */
function xliffLanguage(code: string): string {
  const [base, ...region] = code.split('-');
  return [base!.toLowerCase(), ...region].join('-');
}

function withTargetLanguage(xml: string, version: string, language: string): string {
  const [element, attribute] = version === '1.2' ? ['file', 'target-language'] : ['xliff', 'trgLang'];
  const open = new RegExp(`<${element}\\b[^>]*>`, 'g');
  return xml.replace(open, (tag) => {
    const existing = new RegExp(`\\s${attribute}\\s*=\\s*("[^"]*"|'[^']*')`);
    if (existing.test(tag)) return tag.replace(existing, ` ${attribute}="${language}"`);
    return tag.replace(new RegExp(`^<${element}`), `<${element} ${attribute}="${language}"`);
  });
}
